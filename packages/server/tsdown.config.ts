import { libraryConfig } from '../../scripts/build/library.ts';

export default libraryConfig({
  dir: import.meta.dirname,
  platform: 'node',
  // bin/latchkey.js runs dist/cli.js; dist/main.js is the plain server process (Dockerfile);
  // dist/db/pglite-worker-thread.js is PGlite's thread, started by src/db/pglite-worker.ts.
  extraEntries: {
    cli: 'src/cli/main.ts',
    main: 'src/main.ts',
    'db/pglite-worker-thread': 'src/db/pglite-worker-thread.ts',
  },
  // Workspace-only: esbuild bundles the frame from source (src/wallets/frame.ts); the built
  // package serves dist/wallet-frame/ instead.
  external: ['esbuild'],
});
