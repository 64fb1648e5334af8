/**
 * The Telegram method's public names (issue 11's recipe), re-exported by `@latchkey/core`
 * through the registry (`../index.ts`).
 */
export type { LoginWithTelegramParameters, TelegramActions } from './actions.ts';
