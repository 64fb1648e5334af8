/**
 * Browser entry of the wallet frame page, bundled by the server (esbuild, browser, esm) and served
 * at `/apps/{appId}/embedded-wallets` and `/apps/{appId}/embedded-wallets/export`.
 */
import { startFrame } from './app.ts';

startFrame(window, document);
