import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import {
  type AuthenticateResult,
  errorCodeOf,
  formatMessage,
  isOAuthProvider,
  SCREEN,
  shouldCreateWalletOnLogin,
} from '@latchkey/core';
import { OAUTH_PROVIDER_DISPLAY, oauthFailure, oauthMessages } from '@latchkey/core/oauth';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { useModal, useOnCancel } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { errorScreenCss } from '../ErrorScreen/ErrorScreen.css.ts';

type OAuthParams = NonNullable<ReturnType<typeof useModal>['params']['oauth']>;
/** One redemption per return (StrictMode runs state initialisers twice; a code is single use). */
const redemptions = new WeakMap<OAuthParams, Promise<AuthenticateResult | null>>();
function firstRun(
  oauth: OAuthParams | undefined,
  complete: (r: NonNullable<OAuthParams['returned']>) => Promise<AuthenticateResult>,
): Promise<AuthenticateResult | null> | null {
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

type Step =
  | { kind: 'verifying' }
  | { kind: 'connected'; result: AuthenticateResult }
  | { kind: 'failed'; code: string | undefined; message: string | undefined };

/**
 * AWAITING_OAUTH_SCREEN (issue 5; spec sections 4 and 8): 'verifying' while the provider's
 * window is open (or while the return page's code is redeemed), then 'connected', which waits
 * 1.4 s and then creates the embedded wallet (when the create-on-login rule applies, the same
 * path as email login) or closes; or 'failed' with the section 8 text and Retry only when the
 * error is retryable. A state mismatch says 'Unexpected auth flow. This may be a phishing
 * attempt.'
 */
export default function AwaitingOAuth() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('AwaitingOAuth');
  const { params, messages, config, navigate, complete, fail } = useModal();
  // The OAuth strings ship with the lazy module; `config.messages` overrides them by key.
  const m = { ...oauthMessages, ...(messages as typeof messages & Partial<typeof oauthMessages>) };
  const provider = params.oauth?.provider ?? '';
  const name = isOAuthProvider(provider) ? OAUTH_PROVIDER_DISPLAY[provider] : provider;
  const [step, setStep] = useState<Step>({ kind: 'verifying' });
  const [attempt, setAttempt] = useState<{ run: Promise<AuthenticateResult | null> | null }>(
    () => ({ run: firstRun(params.oauth, (r) => client.completeOAuth(r)) }),
  );
  const latest = useRef({ complete, navigate, fail, config });
  latest.current = { complete, navigate, fail, config };

  useEffect(() => {
    if (!attempt.run) return;
    let live = true;
    setStep({ kind: 'verifying' });
    attempt.run.then(
      (result) => {
        if (!live || !result) return; // null: the page is leaving for the provider
        setStep({ kind: 'connected', result });
      },
      (error: unknown) => {
        if (!live) return;
        const code = errorCodeOf(error);
        const message = error instanceof Error ? error.message : undefined;
        latest.current.fail({ code: code ?? 'oauth_error', message: message ?? '', cause: error });
        setStep({ kind: 'failed', code, message });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // After success: 1.4 s, then the wallet-creation screen or close (spec section 4).
  useEffect(() => {
    if (step.kind !== 'connected') return;
    const timer = setTimeout(() => {
      const { result } = step;
      const c = latest.current;
      if (shouldCreateWalletOnLogin(c.config.wallet.createOnLogin, result.user)) {
        c.navigate(SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN, {
          wallet: { kind: 'create', login: result, resolve: () => {}, reject: () => {} },
        });
      } else {
        c.complete(result);
      }
    }, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  // Closing during the success pause finishes the login instead of abandoning it.
  useOnCancel(() => {
    if (step.kind === 'connected') complete(step.result);
  });

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
          <Button variant="primary" onClick={() => setAttempt({ run: client.initOAuth(provider) })}>
            {m.oauthRetry}
          </Button>
        )}
        <Button variant="secondary" onClick={() => navigate(SCREEN.LANDING)}>
          {m.tryAnotherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected') {
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
