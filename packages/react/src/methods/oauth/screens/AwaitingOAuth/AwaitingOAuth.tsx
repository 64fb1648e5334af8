import { type AuthenticateResult, formatMessage, isOAuthProvider, SCREEN } from '@latchkey/core';
import { OAUTH_PROVIDER_DISPLAY, oauthFailure, oauthMessages } from '@latchkey/core/oauth';
import { useState } from 'react';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { ProviderLoginSteps, type ProviderRun, useProviderRun } from '../ProviderLoginSteps.tsx';

type OAuthParams = NonNullable<ReturnType<typeof useModal>['params']['oauth']>;
/** One redemption per return (StrictMode runs state initialisers twice; a code is single use). */
const redemptions = new WeakMap<OAuthParams, ProviderRun>();
function firstRun(
  oauth: OAuthParams | undefined,
  complete: (r: NonNullable<OAuthParams['returned']>) => Promise<AuthenticateResult>,
): ProviderRun | null {
  if (!oauth) return null;
  if (oauth.result) return oauth.result;
  if (!oauth.returned) return null;
  let run = redemptions.get(oauth);
  if (!run) {
    run = complete(oauth.returned);
    run.catch(() => {});
    redemptions.set(oauth, run);
  }
  return run;
}

/**
 * AWAITING_OAUTH_SCREEN (issue 5; spec sections 4 and 8): 'verifying' while the provider's
 * window is open (or while the return page's code is redeemed), then 'connected', which waits
 * 1.4 s and then goes on like every login (`finishLogin`: consent screen when terms are
 * required and not accepted, else embedded wallet creation when the create-on-login rule
 * applies, else close); or 'failed' with the section 8 text and Retry only when the error is
 * retryable. allowlist_rejected, max_accounts_reached and user_does_not_exist go to their
 * screens. A state mismatch says 'Unexpected auth flow. This may be a phishing attempt.'
 *
 * Link mode (`params.mode === 'link'`, issue 6): `params.oauth.result` is `client.linkOAuth`'s
 * promise (started in the click); success shows 'connected' and ends with `completeLink(user)`.
 * A retry goes through the captcha gate when logging in.
 */
export default function AwaitingOAuth() {
  const { client } = useInternalLatchkey('AwaitingOAuth');
  const { params, messages } = useModal();
  // The OAuth strings ship with the lazy module; `config.messages` overrides them by key.
  const m = { ...oauthMessages, ...(messages as typeof messages & Partial<typeof oauthMessages>) };
  const provider = params.oauth?.provider ?? '';
  const name = isOAuthProvider(provider) ? OAUTH_PROVIDER_DISPLAY[provider] : provider;
  // The first run once per mount: a return page's code is redeemed by exactly one call.
  const [first] = useState(() => firstRun(params.oauth, (r) => client.completeOAuth(r)));
  const { step, retry } = useProviderRun({
    first,
    fallbackCode: 'oauth_error',
    screen: SCREEN.AWAITING_OAUTH_SCREEN,
    provider: isOAuthProvider(provider) ? provider : null,
    login: (p, captcha) => client.initOAuth(p, captcha),
    link: (p) => client.linkOAuth(p),
  });
  const failure =
    step.kind === 'failed' ? oauthFailure(step.code, provider, m, step.message) : undefined;
  return (
    <ProviderLoginSteps
      kind="oauth"
      step={step}
      retryable={(failure?.retryable ?? false) && isOAuthProvider(provider)}
      onRetry={retry}
      texts={{
        connectingTitle: formatMessage(m.oauthVerifyingTitle, { provider: name }),
        connectingDetail: formatMessage(m.oauthVerifyingDetail, { provider: name }),
        connectingStatus: m.verifying,
        connectedTitle: formatMessage(m.oauthConnectedTitle, { provider: name }),
        connectedDetail: m.oauthConnectedDetail,
        failedTitle: failure?.title ?? '',
        failedDetail: failure?.detail ?? '',
        retry: m.oauthRetry,
        otherMethod: m.tryAnotherMethod,
      }}
    />
  );
}
