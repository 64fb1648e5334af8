/**
 * The Telegram method's public names (issue 11's recipe), re-exported by `@latchkey/core`
 * through the registry (`../index.ts`).
 */
export type {
  LoginWithTelegramParameters,
  TelegramActions,
  TelegramProofParameters,
} from './actions.ts';
export type { TelegramAccount } from './user.ts';
