/**
 * Part of `npm run build` (after tsdown): bundles the wallet frame (`@latchkey/wallet-frame`'s
 * `src/frame/main.ts` and its CSS) into `dist/wallet-frame/` with content-hashed names and a
 * `manifest.json`, which the built server serves (src/wallets/frame.ts). esbuild is needed here
 * only, at package build time.
 */
import { buildCrossAppPage, DEFAULT_CROSS_APP_PAGE_ENTRY } from '../src/crossapp/page.ts';
import { PREBUILT_CROSS_APP_PAGE_DIR, PREBUILT_WALLET_FRAME_DIR } from '../src/paths.ts';
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

// The cross-app sign-in page (issue 21): the provider app's login and consent, in React.
const page = await buildCrossAppPage(DEFAULT_CROSS_APP_PAGE_ENTRY);
await writeWalletFrame(page, PREBUILT_CROSS_APP_PAGE_DIR);
console.log(
  `cross-app page: dist/crossapp-page/${page.script.name} (${kb(page.script.body)})` +
    (page.style ? `, ${page.style.name} (${kb(page.style.body)})` : ''),
);
