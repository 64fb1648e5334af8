#!/usr/bin/env node
// The `latchkey` command (src/cli/main.ts): `latchkey` or `latchkey serve` starts the API server
// (src/main.ts; see its header for the environment); `latchkey --help` lists the app
// configuration commands. An installed package runs its build (dist/cli.js) with plain Node. In
// the workspace, which resolves its packages from source (the `@latchkey/source` condition that
// .npmrc puts in NODE_OPTIONS), when dist/ is absent, or with LATCHKEY_FROM_SOURCE=1, the
// TypeScript source runs through tsx (a workspace dev dependency).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
const sourceCondition = [process.env.NODE_OPTIONS ?? '', ...process.execArgv].some((arg) =>
  arg.includes('@latchkey/source'),
);
let runCli;
if (existsSync(built) && !sourceCondition && process.env.LATCHKEY_FROM_SOURCE !== '1') {
  ({ runCli } = await import(built.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/cli/main.ts'));
}
const code = await runCli(process.argv.slice(2));
process.exit(code);
