import { errorCodeOf, SCREEN } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useLoginRun } from '../../../../Modal/useLoginRun.ts';
import MethodNotConfigured from '../../../../screens/MethodNotConfigured/MethodNotConfigured.tsx';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import {
  linkTelegramWidget,
  loginWithTelegramWidget,
  prepareTelegramWidget,
  telegramWidgetReady,
} from '../../widget.ts';

/**
 * The screen's texts (English; shipped with this lazy screen, and overridden by key through
 * `config.messages` like every text).
 */
export const telegramAuthTexts = {
  telegramVerifyingTitle: 'Verifying with Telegram',
  telegramVerifyingDetail: 'Checking your Telegram account…',
  telegramConnectedTitle: 'Connected with Telegram',
  telegramConnectedDetail: 'You’re in.',
  telegramFailedTitle: 'Could not log in with Telegram',
  telegramInvalidCredentials:
    'This Telegram login could not be verified, or it expired. Log in with Telegram again.',
  telegramNotEnabled: 'Telegram login is not available for this app.',
  telegramLinkedToAnotherUser: 'This Telegram account is already linked to another user.',
  telegramSomethingWentWrong: 'Something went wrong. Try again.',
  telegramCanceled: 'Telegram login was canceled.',
  telegramReadyTitle: 'Log in with Telegram',
  telegramReadyDetail: 'Telegram opens a window to confirm it’s you.',
  telegramContinue: 'Continue with Telegram',
  telegramRetry: 'Try again',
} as const;
type TelegramTexts = typeof telegramAuthTexts;

/** The failure text of an error code (spec section 8 has none of its own for Telegram). */
function failureDetail(code: string | undefined, t: TelegramTexts): string {
  switch (code) {
    case 'exited_auth_flow':
      return t.telegramCanceled;
    case 'invalid_credentials':
      return t.telegramInvalidCredentials;
    case 'disallowed_login_method':
    case 'not_supported':
      return t.telegramNotEnabled;
    case 'linked_to_another_user':
      return t.telegramLinkedToAnotherUser;
    default:
      return t.telegramSomethingWentWrong;
  }
}

/** Codes after which the widget's window may be opened again. */
const RETRYABLE = new Set(['exited_auth_flow', 'invalid_credentials', 'network_error']);

/**
 * TELEGRAM_AUTH_SCREEN (issue 16; spec sections 2 and 4, "OAuth and Telegram screens"):
 * 'verifying' while `params.telegram.result` runs (the Login Widget's window opened by the login
 * list's click, a Mini App's seamless login or the widget's redirect, both started by the
 * provider from the page URL), then 'connected', which waits 1.4 s and goes on like every login
 * (`finishLogin`: consent when terms are required and not accepted, else wallet creation when
 * the create-on-login rule applies, else close); or 'failed', with 'Try again' only when the
 * widget can open its window again and the error is retryable (canceled, refused, network),
 * and 'Try another method'. The gates' rejections (allowlist, user limit) go to their screens.
 * With `params.telegram.widget` and no login yet (clicked before the widget script was in):
 * 'ready', whose 'Continue with Telegram' opens the window once the script is loaded. Link mode
 * (`params.mode === 'link'`) ends with `completeLink(user)`. Without `params.telegram` it says
 * the method is not configured.
 */
export default function TelegramAuth() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { client } = useInternalLatchkey('TelegramAuth');
  const { params, messages, navigate, withCaptcha } = useModal();
  const t = { ...telegramAuthTexts, ...(messages as Partial<TelegramTexts>) };
  const widget = params.telegram?.widget === true;
  const [run, setRun] = useState(params.telegram?.result);
  const linking = params.mode === 'link';
  const [step] = useLoginRun<{ kind: 'ready' }>(
    run,
    linking,
    'telegram_error',
    run ? { kind: 'verifying' } : { kind: 'ready' },
  );
  // The widget script, loaded for 'ready' and for 'Try again' (the login list started it).
  const [widgetReady, setWidgetReady] = useState(() => telegramWidgetReady(client));
  const [widgetError, setWidgetError] = useState<string | undefined>();
  useEffect(() => {
    if (!widget || widgetReady) return;
    let live = true;
    prepareTelegramWidget(client).then(
      () => live && setWidgetReady(true),
      (error: unknown) => live && setWidgetError(errorCodeOf(error) ?? 'not_supported'),
    );
    return () => {
      live = false;
    };
  }, [client, widget, widgetReady]);
  // The widget turned out unavailable while 'ready' showed: its button is gone, so focus moves
  // to the not-configured screen's button (not left on the removed one).
  const notConfigured = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (widgetError) notConfigured.current?.querySelector('button')?.focus();
  }, [widgetError]);
  /** Opens the widget's window in this click (through the captcha gate when logging in). */
  const open = () => {
    if (linking) {
      setRun(linkTelegramWidget(client));
      return;
    }
    void withCaptcha(
      (token) => {
        const next = loginWithTelegramWidget(client, token ? { captchaToken: token } : {});
        next.catch(() => {});
        setRun(next);
      },
      { gesture: true },
    );
  };

  if (!params.telegram || (widget && widgetError && !run)) {
    return (
      <div ref={notConfigured} style={{ display: 'contents' }}>
        <MethodNotConfigured />
      </div>
    );
  }
  if (step.kind === 'ready') {
    return (
      <div data-telegram-step="ready">
        <ModalHeader
          title={t.telegramReadyTitle}
          message={t.telegramReadyDetail}
          icon={<span className="lk-spinner" aria-hidden="true" />}
        />
        {/* aria-disabled, not disabled: the button keeps focus while the script loads. */}
        <Button
          variant="primary"
          aria-disabled={!widgetReady}
          onClick={() => {
            if (widgetReady) open();
          }}
        >
          {t.telegramContinue}
        </Button>
      </div>
    );
  }
  if (step.kind === 'failed') {
    const retry = widget && widgetReady && RETRYABLE.has(step.code ?? '');
    return (
      <div className="lk-error" data-telegram-step="failed" data-error-code={step.code}>
        <ModalHeader
          title={t.telegramFailedTitle}
          message={failureDetail(step.code, t)}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {retry && (
          <Button variant="primary" onClick={open}>
            {t.telegramRetry}
          </Button>
        )}
        <Button variant={retry ? 'secondary' : 'primary'} onClick={() => navigate(SCREEN.LANDING)}>
          {messages.tryAnotherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected' || step.kind === 'linked') {
    return (
      <div data-telegram-step="connected">
        <ModalHeader
          title={t.telegramConnectedTitle}
          message={t.telegramConnectedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  return (
    // The header is the status (announced politely): no second 'Verifying…' line under it.
    <div data-telegram-step="verifying" role="status" aria-live="polite">
      <ModalHeader
        title={t.telegramVerifyingTitle}
        message={t.telegramVerifyingDetail}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
    </div>
  );
}
