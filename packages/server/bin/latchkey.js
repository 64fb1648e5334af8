#!/usr/bin/env node
// The `latchkey` command: starts the API server (src/main.ts; see its header for the
// environment). No build step: TypeScript is loaded through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
