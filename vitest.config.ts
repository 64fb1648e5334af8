import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Workspace packages from source (their `@latchkey/source` export condition), in both modes. */
const fromSource = {
  resolve: { conditions: ['@latchkey/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@latchkey/source', ...defaultServerConditions] } },
};

/**
 * One Vitest run covers every package: unit tests for api and core (node), React
 * component tests (happy-dom), and server tests that call `app.request()` on PGlite.
 * `npm run test:pg` re-runs the server project against real PostgreSQL
 * (`scripts/test-postgres.ts`). Each server test file has a database of its own, so files run
 * in parallel on both.
 *
 * The node projects run without isolation (`isolate: false`): a worker imports the server, core
 * and their dependencies once instead of once per file. Module import was most of their time
 * (server project 254 s -> 133 s, api/core/wallet-frame/packaging 59 s -> 33 s, session 39);
 * each of their files builds its own server, database and clients, so nothing leaks through
 * module state. The DOM projects (react, wagmi) keep isolation: happy-dom and Testing Library
 * state is per file, and 87 of their tests fail without it.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI
    // machine, where two run the suite in 460 s instead of 674 s (session 38).
    maxWorkers: 2,
    projects: [
      {
        ...fromSource,
        test: {
          name: 'api',
          isolate: false,
          include: ['packages/api/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'packaging',
          isolate: false,
          // test-support/: the shared helpers' own tests (the local Solana JSON-RPC endpoint).
          include: ['scripts/**/*.test.ts', 'test-support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'wallet-frame',
          isolate: false,
          include: ['packages/wallet-frame/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'core',
          isolate: false,
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...fromSource,
        test: {
          name: 'react',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test-support/testing-library.ts'],
        },
      },
      {
        ...fromSource,
        test: {
          name: 'wagmi',
          include: ['packages/wagmi/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test-support/testing-library.ts'],
        },
      },
      {
        ...fromSource,
        test: {
          name: 'server',
          isolate: false,
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
