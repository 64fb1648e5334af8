/** The Telegram method's commands of `latchkey` (`cli/methodCommands.ts`; the module's `cli`). */
import type { MethodCli } from '../types.ts';
import { registerTelegramSet } from './cli/telegram-set.ts';

/** `latchkey telegram set <appId> ...`, local or remote (admin API). */
export const cli: MethodCli = {
  register(program, ctx) {
    const telegram = program.command('telegram').description("set an app's Telegram bot");
    registerTelegramSet(telegram, ctx);
  },
  remoteCommands: ['telegram'],
};
