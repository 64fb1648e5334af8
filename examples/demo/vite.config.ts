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
    alias: {
      '@latchkey/react': pkg('react'),
      '@latchkey/core': pkg('core'),
      '@latchkey/api': pkg('api'),
    },
  },
  optimizeDeps: { exclude: ['@latchkey/react', '@latchkey/core', '@latchkey/api'] },
  server: { port: 5173, strictPort: true, fs: { allow: ['../..'] } },
  preview: { port: 5173, strictPort: true },
});
