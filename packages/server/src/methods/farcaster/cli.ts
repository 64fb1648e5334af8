/** The Farcaster method's commands of `latchkey` (`cli/methodCommands.ts`; the module's `cli`). */
import type { MethodCli } from '../types.ts';
import { registerFarcasterSet } from './cli/farcaster-set.ts';

/** `latchkey farcaster set <appId> ...`, local or remote (admin API). */
export const cli: MethodCli = {
  register(program, ctx) {
    const farcaster = program
      .command('farcaster')
      .description("set the app's Farcaster account that requests signers");
    registerFarcasterSet(farcaster, ctx);
  },
  remoteCommands: ['farcaster'],
};
