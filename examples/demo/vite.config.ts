import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = (name: string) =>
  fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url));

/**
 * The demo host app. Workspace packages have no build step: they resolve to their TypeScript
 * sources, which Vite compiles like the app's own code.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    // Exact names only: subpath exports (`@latchkey/core/embedded-wallet`) resolve through the
    // workspace links in node_modules and each package's `exports`.
    alias: [
      { find: /^@latchkey\/react$/, replacement: pkg('react') },
      { find: /^@latchkey\/core$/, replacement: pkg('core') },
      { find: /^@latchkey\/api$/, replacement: pkg('api') },
    ],
  },
  optimizeDeps: {
    exclude: ['@latchkey/react', '@latchkey/core', '@latchkey/api'],
    // Bare imports inside the excluded workspace sources (lazy wallet chunks) are not crawled:
    // pre-bundle them up front, so Vite never reloads the page mid-flow to add them.
    include: [
      'viem',
      'zod',
      '@scure/bip39/wordlists/english.js',
      // External wallets (issue 4): the SIWE message builder and WalletConnect's QR step.
      'viem/siwe',
      'qrcode',
      '@walletconnect/ethereum-provider',
    ],
  },
  server: { port: 5173, strictPort: true, fs: { allow: ['../..'] } },
  preview: { port: 5173, strictPort: true },
});
