import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The demo host app. It runs the workspace packages from source: their `exports` map each
 * subpath's `@latchkey/source` condition to the TypeScript file, which Vite compiles like the
 * app's own code (an installed package resolves to its built `dist/` instead).
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['@latchkey/source', ...defaultClientConditions],
    // One @wagmi/core for the demo and @latchkey/wagmi's source (npm nests a copy in each).
    dedupe: ['@wagmi/core'],
  },
  optimizeDeps: {
    // The workspace packages are linked sources (not optimized), so the dependency scan crawls
    // them like the app's own code, dynamic imports included (altcha-lib for the captcha...);
    // excluding them by name would stop that crawl. Bare imports the scan still cannot see
    // (lazy wallet chunks) are pre-bundled up front, so Vite never reloads the page mid-flow.
    include: [
      'viem',
      'zod',
      '@scure/bip39/wordlists/english.js',
      // External wallets (issue 4): the SIWE message builder and WalletConnect's QR step.
      'viem/siwe',
      'qrcode',
      '@walletconnect/ethereum-provider',
      // The wagmi card (@latchkey/wagmi).
      '@wagmi/core',
    ],
  },
  server: { port: 5173, strictPort: true, fs: { allow: ['../..'] } },
  preview: { port: 5173, strictPort: true },
});
