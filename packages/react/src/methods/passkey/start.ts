import { type AuthenticateResult, type LatchkeyClient, SCREEN } from '@latchkey/core';
import type { MethodStartContext } from '../types.ts';

/**
 * Opens AWAITING_PASSKEY_SYSTEM_DIALOGUE for a passkey ceremony ('signup' creates a passkey,
 * 'login' uses one) after the captcha gate (spec section 4); the WebAuthn dialog wants the
 * user's gesture, so a deferred run waits for CAPTCHA_SCREEN's 'Continue' click.
 */
export function startPasskey(
  { navigate, withCaptcha }: Pick<MethodStartContext, 'navigate' | 'withCaptcha'>,
  passkey: 'signup' | 'login',
): void {
  void withCaptcha(
    (captchaToken) =>
      navigate(SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE, {
        passkey,
        ...(captchaToken ? { captchaToken } : {}),
      }),
    { gesture: true },
  );
}

/**
 * Starts the passkey ceremony of a login ('signup' creates one, 'login' uses one), with the
 * captcha token of the gate for its init call.
 */
export function passkeyLogin(
  client: Pick<LatchkeyClient, 'signupWithPasskey' | 'loginWithPasskey'>,
  mode: 'signup' | 'login',
  token: string | undefined,
): Promise<AuthenticateResult> {
  const options = token ? { captchaToken: token } : {};
  return mode === 'signup' ? client.signupWithPasskey(options) : client.loginWithPasskey(options);
}
