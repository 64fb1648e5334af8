import { type AuthenticateResult, SCREEN, type ScreenName, type User } from '@latchkey/core';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../components/Button/Button.css.ts';
import { Button } from '../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../../Modal/ModalContext.ts';
import { type LoginRunStep, useLoginRun } from '../../../Modal/useLoginRun.ts';
import { errorScreenCss } from '../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../styles/useStyleSheet.ts';
import { oauthCaptchaOptions } from '../captcha.ts';

/** A provider login's or link's running promise (a login answers a result, a link the user). */
export type ProviderRun = Promise<AuthenticateResult | User | null>;

/**
 * The run of a provider screen (AWAITING_OAUTH_SCREEN, CROSS_APP_AUTH_SCREEN) and its retry:
 * follows `first` with {@link useLoginRun}; `retry()` starts a new attempt inside the click:
 * `link(provider)` in link mode, else `login(provider, captchaOptions)` through the captcha
 * gate (when a token is ready the popup opens in this click; otherwise CAPTCHA_SCREEN's
 * Continue starts it, and the screen `screen` is shown anew with the new run).
 *
 * @param options.first - the run the click started (or a return page's redemption); null: none.
 * @param options.provider - the screen's provider, null when it is not one this screen can
 *   start again (then `retry` does nothing).
 * @param options.fallbackCode - the error code of a failure that has none (`oauth_error`, ...).
 * @returns the step and `retry`.
 */
export function useProviderRun<P extends string>(options: {
  first: ProviderRun | null;
  fallbackCode: string;
  screen: ScreenName;
  provider: P | null;
  login: (provider: P, captcha: ReturnType<typeof oauthCaptchaOptions>) => ProviderRun;
  link: (provider: P) => ProviderRun;
}): { step: LoginRunStep; retry: () => void } {
  const { params, navigate, withCaptcha } = useModal();
  const linking = params.mode === 'link';
  const [run, setRun] = useState<ProviderRun | null>(options.first);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [step] = useLoginRun(run, linking, options.fallbackCode);
  const retry = () => {
    const { provider } = options;
    if (provider === null) return;
    if (linking) {
      setRun(options.link(provider));
      return;
    }
    void withCaptcha(
      (token) => {
        const next = options.login(provider, oauthCaptchaOptions(token));
        next.catch(() => {});
        // Still shown: the new attempt here; back from CAPTCHA_SCREEN: a fresh screen with it.
        if (mounted.current) setRun(next);
        else navigate(options.screen, { oauth: { provider, result: next } });
      },
      { gesture: true },
    );
  };
  return { step, retry };
}

/** The texts of {@link ProviderLoginSteps}' three steps, already formatted. */
export interface ProviderLoginTexts {
  connectingTitle: string;
  connectingDetail: string;
  /** The live status line under the connecting header ('Verifying'). */
  connectingStatus: string;
  connectedTitle: string;
  connectedDetail: string;
  failedTitle: string;
  failedDetail: ReactNode;
  retry: string;
  otherMethod: string;
}

/**
 * The three steps a provider login screen shows (spec section 4, "OAuth and Telegram screens"
 * and "Cross-app auth"): 'connecting' (a spinner while the provider's window is open),
 * 'connected' (a check; the run then goes on by itself), or 'failed' (the failure's texts, the
 * primary retry button when `retryable`, and 'another method' back to the landing screen).
 * Each step's root carries `data-{kind}-step` (`verifying` | `connected` | `failed` for OAuth;
 * `connecting` | `connected` | `failed` for another app) and a failure `data-error-code`.
 */
export function ProviderLoginSteps(props: {
  kind: 'oauth' | 'cross-app';
  step: LoginRunStep;
  texts: ProviderLoginTexts;
  retryable: boolean;
  onRetry: () => void;
}) {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { navigate } = useModal();
  const { kind, step, texts } = props;
  const stepAttribute = (name: string) => ({ [`data-${kind}-step`]: name });
  if (step.kind === 'failed') {
    return (
      <div className="lk-error lk-oauth" {...stepAttribute('failed')} data-error-code={step.code}>
        <ModalHeader
          title={texts.failedTitle}
          message={texts.failedDetail}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {props.retryable && (
          <Button variant="primary" onClick={props.onRetry}>
            {texts.retry}
          </Button>
        )}
        <Button variant="secondary" onClick={() => navigate(SCREEN.LANDING)}>
          {texts.otherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected' || step.kind === 'linked') {
    return (
      <div className="lk-oauth" {...stepAttribute('connected')}>
        <ModalHeader
          title={texts.connectedTitle}
          message={texts.connectedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  return (
    <div className="lk-oauth" {...stepAttribute(kind === 'oauth' ? 'verifying' : 'connecting')}>
      <ModalHeader
        title={texts.connectingTitle}
        message={texts.connectingDetail}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
      <p role="status" aria-live="polite">
        {texts.connectingStatus}
      </p>
    </div>
  );
}
