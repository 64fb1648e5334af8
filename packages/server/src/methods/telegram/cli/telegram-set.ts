/**
 * `latchkey telegram set <appId> --bot-token <token> --bot-name <name> [--link-enabled]
 * [--seamless-auth] [--max-age <s>]`: stores the app's Telegram bot (issue 16). The token is
 * sealed with the server secret; the public `telegram_auth_config` gets the bot id and name.
 */
import { adminTelegramBotRequest, telegramAdminRoute } from '@latchkey/api';
import type { Command } from 'commander';
import { findApp } from '../../../apps/records.ts';
import { adminClientOf, type RemoteOptions, withRemote } from '../../../cli/admin-client.ts';
import { CliError, type CliContext } from '../../../cli/context.ts';
import { deriveServerKeys } from '../../../crypto.ts';
import { serverSecretOf } from '../../../env.ts';
import { setTelegramBot } from '../service.ts';

type SetOptions = RemoteOptions & {
  botToken: string;
  botName: string;
  linkEnabled?: boolean;
  seamlessAuth?: boolean;
  maxAge?: string;
  widgetUrl?: string;
};

/** Registers `set` on the `telegram` command. */
export function registerTelegramSet(telegram: Command, ctx: CliContext): void {
  withRemote(
    telegram
      .command('set <appId>')
      .description("store the app's Telegram bot (its token is sealed at rest)")
      .requiredOption('--bot-token <token>', "the bot's token from @BotFather (<bot id>:<secret>)")
      .requiredOption('--bot-name <name>', "the bot's username, without '@'")
      .option('--link-enabled', 'let users link a Telegram account')
      .option('--seamless-auth', 'log users in without a click inside a Telegram Mini App')
      .option('--max-age <s>', 'seconds a Telegram login may be old (default 300)')
      .option(
        '--widget-url <origin>',
        "the widget popup's origin instead of Telegram's (a stand-in)",
      ),
  ).action(async (appId: string, opts: SetOptions) => {
    const request = {
      bot_token: opts.botToken,
      bot_name: opts.botName,
      ...(opts.linkEnabled ? { link_enabled: true } : {}),
      ...(opts.seamlessAuth ? { seamless_auth_enabled: true } : {}),
      ...(opts.maxAge === undefined ? {} : { auth_max_age_s: Number(opts.maxAge) }),
      ...(opts.widgetUrl === undefined ? {} : { widget_url: opts.widgetUrl }),
    };
    const parsed = adminTelegramBotRequest.safeParse(request);
    if (!parsed.success) {
      throw new CliError(
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    const remote = adminClientOf(opts, ctx.env, ctx.io);
    if (remote) {
      await remote.call(appId, 'PUT', telegramAdminRoute(appId), parsed.data);
    } else {
      const secret = await serverSecretOf(ctx.env);
      const handle = await ctx.db();
      const app = await findApp(handle, appId);
      if (!app) throw new CliError(`App not found: ${appId}`);
      await setTelegramBot({ db: handle, keys: deriveServerKeys(secret) }, app, parsed.data);
    }
    ctx.io.stdout(`Telegram bot @${opts.botName} stored for ${appId}\n`);
  });
}
