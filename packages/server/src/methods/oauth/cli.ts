/** The OAuth method's commands of `latchkey` (`cli/methodCommands.ts`, issue 11; the module's `cli`). */
import type { MethodCli } from '../types.ts';
import { registerOAuthSet } from './cli/oauth-set.ts';

/** `latchkey oauth set <appId> <provider> ...`, local or remote (admin API). */
export const cli: MethodCli = {
  register(program, ctx) {
    const oauth = program.command('oauth').description("set an app's OAuth client at a provider");
    registerOAuthSet(oauth, ctx);
  },
  remoteCommands: ['oauth'],
};
