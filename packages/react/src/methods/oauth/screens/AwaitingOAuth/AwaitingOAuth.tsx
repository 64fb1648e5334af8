import {
  type AuthenticateResult,
  formatMessage,
  isOAuthProvider,
  SCREEN,
  type User,
} from '@latchkey/core';
import { OAUTH_PROVIDER_DISPLAY, oauthFailure, oauthMessages } from '@latchkey/core/oauth';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { oauthCaptchaOptions } from '../../captcha.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useLoginRun } from '../../../../Modal/useLoginRun.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';

type OAuthParams = NonNullable<ReturnType<typeof useModal>['params']['oauth']>;
/** One redemption per return (StrictMode runs state initialisers twice; a code is single use). */
const redemptions = new WeakMap<OAuthParams, Promise<AuthenticateResult | User | null>>();
type Run = Promise<AuthenticateResult | User | null>;
function firstRun(
  oauth: OAuthParams | undefined,
  complete: (r: NonNullable<OAuthParams['returned']>) => Promise<AuthenticateResult>,
): Run | null {
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
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('AwaitingOAuth');
  const { params, messages, navigate, withCaptcha } = useModal();
  const linking = params.mode === 'link';
  // The OAuth strings ship with the lazy module; `config.messages` overrides them by key.
  const m = { ...oauthMessages, ...(messages as typeof messages & Partial<typeof oauthMessages>) };
  const provider = params.oauth?.provider ?? '';
  const name = isOAuthProvider(provider) ? OAUTH_PROVIDER_DISPLAY[provider] : provider;
  const [attempt, setAttempt] = useState<{ run: Run | null }>(() => ({
    run: firstRun(params.oauth, (r) => client.completeOAuth(r)),
  }));
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [step] = useLoginRun(attempt.run, linking, 'oauth_error');

  const retry = (p: string) => {
    if (!isOAuthProvider(p)) return;
    if (linking) {
      setAttempt({ run: client.linkOAuth(p) });
      return;
    }
    // Opened synchronously in this click when a token is ready; else CAPTCHA_SCREEN's Continue.
    void withCaptcha(
      (token) => {
        const run = client.initOAuth(p, oauthCaptchaOptions(token));
        run.catch(() => {});
        // Still shown: the new attempt here; back from CAPTCHA_SCREEN: a fresh screen with it.
        if (mounted.current) setAttempt({ run });
        else navigate(SCREEN.AWAITING_OAUTH_SCREEN, { oauth: { provider: p, result: run } });
      },
      { gesture: true },
    );
  };

  if (step.kind === 'failed') {
    const failure = oauthFailure(step.code, provider, m, step.message);
    return (
      <div className="lk-error lk-oauth" data-oauth-step="failed" data-error-code={step.code}>
        <ModalHeader
          title={failure.title}
          message={failure.detail}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {failure.retryable && isOAuthProvider(provider) && (
          <Button variant="primary" onClick={() => retry(provider)}>
            {m.oauthRetry}
          </Button>
        )}
        <Button variant="secondary" onClick={() => navigate(SCREEN.LANDING)}>
          {m.tryAnotherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected' || step.kind === 'linked') {
    return (
      <div className="lk-oauth" data-oauth-step="connected">
        <ModalHeader
          title={formatMessage(m.oauthConnectedTitle, { provider: name })}
          message={m.oauthConnectedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  return (
    <div className="lk-oauth" data-oauth-step="verifying">
      <ModalHeader
        title={formatMessage(m.oauthVerifyingTitle, { provider: name })}
        message={formatMessage(m.oauthVerifyingDetail, { provider: name })}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
      <p role="status" aria-live="polite">
        {m.verifying}
      </p>
    </div>
  );
}
