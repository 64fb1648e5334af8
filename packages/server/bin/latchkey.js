#!/usr/bin/env node
// The `latchkey` command (src/cli/main.ts): `latchkey` or `latchkey serve` starts the API server
// (src/main.ts; see its header for the environment); `latchkey --help` lists the app
// configuration commands. No build step: TypeScript is loaded through tsx.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
const code = await runCli(process.argv.slice(2));
process.exit(code);
