import type { InitOAuthOptions } from '@latchkey/core';

/** `client.initOAuth`'s options for a gated run: the captcha token, when there is one. */
export function oauthCaptchaOptions(token: string | undefined): InitOAuthOptions {
  return token ? { captchaToken: token } : {};
}
