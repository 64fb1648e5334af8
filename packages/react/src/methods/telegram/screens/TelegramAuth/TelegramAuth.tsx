import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import {
  type AuthenticateResult,
  errorCodeOf,
  SCREEN,
  screenForError,
  type User,
} from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useModal, useOnCancel } from '../../../../Modal/ModalContext.ts';
import MethodNotConfigured from '../../../../screens/MethodNotConfigured/MethodNotConfigured.tsx';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';

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
} as const;
type TelegramTexts = typeof telegramAuthTexts;

type Step =
  | { kind: 'verifying' }
  | { kind: 'connected'; result: AuthenticateResult }
  | { kind: 'linked'; user: User }
  | { kind: 'failed'; code: string | undefined };

/** The failure text of an error code (spec section 8 has none of its own for Telegram). */
function failureDetail(code: string | undefined, t: TelegramTexts): string {
  switch (code) {
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

/**
 * TELEGRAM_AUTH_SCREEN (issue 16; spec sections 2 and 4, "OAuth and Telegram screens"):
 * 'verifying' while `params.telegram.result` runs (a Mini App's seamless login or the Login
 * Widget's redirect, started by the provider from the page URL), then 'connected', which waits
 * 1.4 s and goes on like every login (`finishLogin`: consent when terms are required and not
 * accepted, else wallet creation when the create-on-login rule applies, else close); or
 * 'failed' with 'Try another method' (a proof from the URL cannot be retried). The gates'
 * rejections (allowlist, user limit) go to their screens. Link mode (`params.mode === 'link'`)
 * ends with `completeLink(user)`. Without a running login (the login list's button before the
 * widget is drawn) it says the method is not configured.
 */
export default function TelegramAuth() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  const { params, messages, navigate, complete, completeLink, finishLogin, fail } = useModal();
  const t = { ...telegramAuthTexts, ...(messages as Partial<TelegramTexts>) };
  const run = params.telegram?.result;
  const linking = params.mode === 'link';
  const [step, setStep] = useState<Step>({ kind: 'verifying' });
  const latest = useRef({ finishLogin, completeLink, navigate, fail });
  latest.current = { finishLogin, completeLink, navigate, fail };

  useEffect(() => {
    if (!run) return;
    let live = true;
    run.then(
      (result) => {
        if (!live) return;
        if ('isNewUser' in result && !linking) setStep({ kind: 'connected', result });
        else setStep({ kind: 'linked', user: 'isNewUser' in result ? result.user : result });
      },
      (error: unknown) => {
        if (!live) return;
        const code = errorCodeOf(error);
        const message = error instanceof Error ? error.message : '';
        latest.current.fail({ code: code ?? 'telegram_error', message, cause: error });
        const screen = screenForError(error);
        if (screen !== SCREEN.ERROR_SCREEN) {
          latest.current.navigate(screen, { error, returnTo: SCREEN.LANDING });
          return;
        }
        setStep({ kind: 'failed', code });
      },
    );
    return () => {
      live = false;
    };
  }, [run, linking]);

  // After success: 1.4 s (spec section 4), then consent, wallet creation or close.
  useEffect(() => {
    if (step.kind !== 'connected' && step.kind !== 'linked') return;
    const timer = setTimeout(() => {
      if (step.kind === 'linked') latest.current.completeLink(step.user);
      else latest.current.finishLogin(step.result);
    }, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step]);

  // Closing during the success pause finishes instead of abandoning it.
  useOnCancel(() => {
    if (step.kind === 'linked') completeLink(step.user);
    if (step.kind === 'connected') complete(step.result);
  });

  if (!run) return <MethodNotConfigured />;
  if (step.kind === 'failed') {
    return (
      <div className="lk-error" data-telegram-step="failed" data-error-code={step.code}>
        <ModalHeader
          title={t.telegramFailedTitle}
          message={failureDetail(step.code, t)}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        <Button variant="primary" onClick={() => navigate(SCREEN.LANDING)}>
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
    <div data-telegram-step="verifying">
      <ModalHeader
        title={t.telegramVerifyingTitle}
        message={t.telegramVerifyingDetail}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
      <p role="status" aria-live="polite">
        {messages.verifying}
      </p>
    </div>
  );
}
