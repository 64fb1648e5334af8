/**
 * The client's action registry (issue 11): one line per login method. `createLatchkeyClient`
 * spreads {@link methodActions} into the client; each method's actions live in
 * `methods/<id>/actions.ts` (ids as the API contract's: `email`, `sms`, `oauth`, `siwe`,
 * `passkey`). Apart from the public-name registry `methods/index.ts`, which re-exports the
 * methods' flows: those type their client with `LatchkeyClient`, so `createLatchkeyClient`
 * importing it would be an import cycle. A new method adds its line here (see
 * `docs/adding-a-login-method.md`, section 3).
 */
import type { SessionStore } from '../../session/store.ts';
import type { User } from '../../session/user.ts';
import type { SharedWalletBridge } from '../../session/walletFrameBinding.ts';
import { type EmailActions, emailActions } from '../../methods/email/actions.ts';
import { type FarcasterActions, farcasterActions } from '../../methods/farcaster/actions.ts';
import type { FarcasterSignerModule } from '../../methods/farcaster/types.ts';
import { type OAuthActions, type OAuthModule, oauthActions } from '../../methods/oauth/actions.ts';
import { type PasskeyActions, passkeyActions } from '../../methods/passkey/actions.ts';
import type { PasskeyCeremonies } from '../../methods/passkey/types.ts';
import { type SiweActions, siweActions } from '../../methods/siwe/actions.ts';
import { type SmsActions, smsActions } from '../../methods/sms/actions.ts';
import { type TelegramActions, telegramActions } from '../../methods/telegram/actions.ts';

/** The lazy halves of the methods, as `createLatchkeyClient` takes them. */
export type MethodLoaders = {
  /**
   * Loads the browser half of passkeys, e.g. `() => import('@latchkey/core/passkey')` (a lazy
   * chunk: @simplewebauthn/browser stays out of the eager bundle). Without it the passkey
   * methods throw `passkey_unsupported`. `LatchkeyProvider` passes it.
   */
  passkeys?: () => Promise<PasskeyCeremonies>;
  /**
   * Loads the social-login half (`() => import('@latchkey/core/oauth')`, issue 5) on first use,
   * so it stays out of the eager bundle. Without it `initOAuth` / `completeOAuth` throw
   * `oauth_unsupported`. `LatchkeyProvider` passes it.
   */
  oauth?: () => Promise<OAuthModule>;
  /**
   * Loads the Farcaster signer's half (`() => import('@latchkey/core/farcaster-signer')`, issue
   * 16) on first use: its polling and frame calls stay out of the eager bundle. Required by the
   * signer methods (`initFarcasterSigner`, `watchFarcasterSigner`, `signFarcasterMessage`),
   * which reject with a `TypeError` without it. `LatchkeyProvider` passes it.
   */
  farcasterSigner?: () => Promise<FarcasterSignerModule>;
};

/** Every login method's part of the client. */
export type MethodActions = EmailActions &
  SmsActions &
  OAuthActions &
  SiweActions &
  PasskeyActions &
  FarcasterActions &
  TelegramActions;

/**
 * The account methods of the client (issue 6): linking, unlinking, email update and terms.
 * Each one:
 * - throws `LatchkeyError` `missing_or_invalid_token` ('You must be logged in to link an
 *   account.' / '... to change your accounts.') before any request when nobody is logged in;
 * - sets the session's user to the server's answer and returns it;
 * - throws `ApiError` as the server answers (spec section 8).
 */
export interface AccountMethods
  extends
    Pick<EmailActions, 'linkWithEmailCode' | 'updateEmailWithCode' | 'unlinkEmail'>,
    Pick<SmsActions, 'linkWithSmsCode' | 'unlinkPhone'>,
    Pick<OAuthActions, 'linkOAuth' | 'unlinkOAuth'>,
    Pick<SiweActions, 'unlinkWallet'>,
    Pick<PasskeyActions, 'unlinkPasskey'>,
    Pick<FarcasterActions, 'startFarcasterLink' | 'unlinkFarcaster'>,
    Pick<TelegramActions, 'linkTelegram' | 'unlinkTelegram'> {
  /** Records the user's consent to the terms (`POST /api/v1/users/me/accept_terms`, empty body). */
  acceptTerms(): Promise<User>;
}

/**
 * Builds every login method's actions on `store`.
 * @param loaders - The lazy halves (see {@link MethodLoaders}).
 * @param frame - The client's shared wallet frame, for the methods' calls through it (the
 *   Farcaster signer).
 */
export function methodActions(
  store: SessionStore,
  loaders: MethodLoaders,
  frame: SharedWalletBridge,
): MethodActions {
  return {
    ...emailActions(store),
    ...smsActions(store),
    ...oauthActions(store, loaders.oauth),
    ...siweActions(store),
    ...passkeyActions(store, loaders.passkeys),
    ...farcasterActions(store, loaders.farcasterSigner, frame),
    ...telegramActions(store),
  };
}
