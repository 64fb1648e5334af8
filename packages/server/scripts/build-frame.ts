/**
 * Part of `npm run build` (after tsdown): bundles the wallet frame (`@latchkey/wallet-frame`'s
 * `src/frame/main.ts` and its CSS) into `dist/wallet-frame/` with content-hashed names and a
 * `manifest.json`, which the built server serves (src/wallets/frame.ts). esbuild is needed here
 * only, at package build time.
 */
import { PREBUILT_WALLET_FRAME_DIR } from '../src/paths.ts';
import {
  buildWalletFrame,
  DEFAULT_WALLET_FRAME_ENTRY,
  writeWalletFrame,
} from '../src/wallets/frame.ts';

const bundle = await buildWalletFrame(DEFAULT_WALLET_FRAME_ENTRY);
await writeWalletFrame(bundle, PREBUILT_WALLET_FRAME_DIR);
const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;
console.log(
  `wallet frame: dist/wallet-frame/${bundle.script.name} (${kb(bundle.script.body)})` +
    (bundle.style ? `, ${bundle.style.name} (${kb(bundle.style.body)})` : ''),
);
