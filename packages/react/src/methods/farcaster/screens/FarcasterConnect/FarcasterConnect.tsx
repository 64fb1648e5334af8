import {
  type AuthenticateResult,
  type FarcasterConnection,
  SCREEN,
  type User,
} from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import type { Messages } from '../../../../messages.ts';
import { useModal } from '../../../../Modal/ModalContext.ts';
import { useLoginRun } from '../../../../Modal/useLoginRun.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { FarcasterQr } from '../../FarcasterQr.tsx';
import { farcasterConnectCss } from './FarcasterConnect.css.ts';

/** How long 'Copied' replaces 'Copy link', in ms (spec section 9, copy feedback). */
export const COPIED_MS = 1500;

/** The login or link the screen follows: a login result, or the linked user. */
type Run = Promise<AuthenticateResult | User>;

/** The screen's own steps before the Farcaster app has signed. */
type Waiting = { kind: 'opening' } | { kind: 'waiting'; connectUri: string };

/**
 * One channel the screen opened: StrictMode's second effect run keeps it (`live` again), a real
 * unmount (or the next attempt) cancels it a tick later (`gone`).
 */
type Attempt = {
  n: number;
  live: boolean;
  gone: boolean;
  cancel: () => void;
  cancelTimer?: number;
};

/** Codes after which 'Try again' (a fresh channel) cannot help. */
const FINAL = new Set([
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'too_many_requests',
  'disallowed_login_method',
]);

/** The failure's detail (spec section 8, "OAuth and Farcaster"). */
function failureDetail(code: string | undefined, m: Messages): string {
  switch (code) {
    case 'farcaster_timeout':
      return m.farcasterTimedOut;
    case 'linked_to_another_user':
      return m.linkedToAnotherUserDetail;
    case 'invalid_credentials':
      return m.farcasterInvalidCredentials;
    case 'too_many_requests':
      return m.farcasterTooManyRequests;
    case 'cannot_link_more_of_type':
      return m.farcasterCannotLinkMore;
    default:
      return m.farcasterSomethingWentWrong;
  }
}

const rejected = (error: unknown): Run => {
  const run = Promise.reject(error);
  run.catch(() => {});
  return run as Run;
};

/**
 * AWAITING_FARCASTER_CONNECTION (issue 16; spec sections 2, 4, 8 and 9): Sign In With
 * Farcaster. On mount it opens a relay channel with core (`client.startFarcasterLogin` with the
 * captcha token the login list's gate handed over, or `client.startFarcasterLink` in link
 * mode), showing 'opening' until the channel is open; then 'Sign in with Farcaster' with the
 * channel's QR code, 'Copy link' ('Copied' for 1.5 s) and, on phones, 'Open Farcaster' (the
 * deep link) above the code, while core polls every 2 s. Once the Farcaster app has signed:
 * 'verifying', then 'connected', which 1.4 s later goes on like every login (`finishLogin`:
 * consent, wallet creation or close) or ends the link (`completeLink`), through `useLoginRun`
 * as the OAuth and Telegram screens do; the gates' rejections go to their screens. A failure
 * (120 s without an answer: 'The request timed out. Try again.'; the server's refusal) says
 * 'Authentication failed' with the spec's detail, and 'Try again' opens a fresh channel (through
 * the captcha gate when logging in). Leaving the screen or closing the modal cancels the
 * polling.
 */
export default function FarcasterConnect() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  useStyleSheet(farcasterConnectCss);
  const { client } = useInternalLatchkey('FarcasterConnect');
  const { params, messages: m, navigate, withCaptcha } = useModal();
  const linking = params.mode === 'link';
  const [attempt, setAttempt] = useState(() => ({ n: 1, captchaToken: params.captchaToken }));
  const [run, setRun] = useState<Run | null>(null);
  const [step, setStep] = useLoginRun<Waiting>(run, linking, 'farcaster_error', {
    kind: 'opening',
  });
  const current = useRef<Attempt | null>(null);
  const [copied, setCopied] = useState(false);

  // One channel per attempt. A cleanup cancels it a tick later, unless the effect runs again
  // for the same attempt (StrictMode's second run: the channel, and its token, go on).
  useEffect(() => {
    let held = current.current;
    if (held?.n === attempt.n) {
      window.clearTimeout(held.cancelTimer);
      held.live = true;
    } else {
      const next: Attempt = { n: attempt.n, live: true, gone: false, cancel: () => {} };
      held = current.current = next;
      setRun(null);
      setStep({ kind: 'opening' });
      const { captchaToken } = attempt;
      const start: Promise<FarcasterConnection<AuthenticateResult | User>> = linking
        ? client.startFarcasterLink()
        : client.startFarcasterLogin(captchaToken ? { captchaToken } : {});
      start.then(
        (connection) => {
          next.cancel = connection.cancel;
          if (next.gone) return connection.cancel();
          if (!next.live) return;
          setStep({ kind: 'waiting', connectUri: connection.connectUri });
          // Signed: 'verifying' until the server answers; or the polling failed (timeout).
          const follow = () => next.live && setRun(connection.result);
          void connection.signed.then(follow);
          connection.result.then(follow, follow);
        },
        (error: unknown) => next.live && setRun(rejected(error)),
      );
    }
    const mine = held;
    return () => {
      mine.live = false;
      mine.cancelTimer = window.setTimeout(() => {
        mine.gone = true;
        mine.cancel();
      }, 0);
    };
  }, [attempt, client, linking, setStep]);

  // 'Copied' goes back to 'Copy link' after COPIED_MS.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** A fresh channel: through the captcha gate when logging in (its token is single use). */
  const retry = () => {
    if (linking) {
      setAttempt((a) => ({ n: a.n + 1, captchaToken: undefined }));
      return;
    }
    void withCaptcha((captchaToken) => {
      if (mounted.current) setAttempt((a) => ({ n: a.n + 1, captchaToken }));
      // Back from CAPTCHA_SCREEN: a fresh screen with the token.
      else
        navigate(SCREEN.AWAITING_FARCASTER_CONNECTION, {
          method: 'Farcaster',
          ...(captchaToken ? { captchaToken } : {}),
        });
    });
  };

  if (step.kind === 'failed') {
    const retryable = !FINAL.has(step.code ?? '');
    return (
      <div
        className="lk-error lk-farcaster"
        data-farcaster-step="failed"
        data-error-code={step.code}
      >
        <ModalHeader
          title={m.authenticationFailedTitle}
          message={failureDetail(step.code, m)}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        {retryable && (
          <Button variant="primary" onClick={retry}>
            {m.farcasterRetry}
          </Button>
        )}
        <Button
          variant={retryable ? 'secondary' : 'primary'}
          onClick={() => navigate(SCREEN.LANDING)}
        >
          {m.tryAnotherMethod}
        </Button>
      </div>
    );
  }
  if (step.kind === 'connected' || step.kind === 'linked') {
    return (
      <div className="lk-farcaster" data-farcaster-step="connected">
        <ModalHeader
          title={m.farcasterConnectedTitle}
          message={m.farcasterConnectedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  if (step.kind === 'verifying') {
    return (
      <div className="lk-farcaster" data-farcaster-step="verifying">
        <ModalHeader
          title={m.farcasterVerifyingTitle}
          message={m.farcasterVerifyingDetail}
          icon={<span className="lk-spinner" aria-hidden="true" />}
        />
        <p role="status" aria-live="polite">
          {m.verifying}
        </p>
      </div>
    );
  }
  if (step.kind === 'waiting') {
    const { connectUri } = step;
    return (
      <div className="lk-farcaster" data-farcaster-step="waiting">
        <ModalHeader title={m.farcasterTitle} message={m.farcasterScanDetail} />
        <a
          className="lk-button lk-button--primary lk-farcaster__open"
          href={connectUri}
          data-testid="farcaster-open"
        >
          {m.farcasterOpenApp}
        </a>
        <FarcasterQr
          uri={connectUri}
          alt={m.farcasterQrAlt}
          testId="farcaster-qr"
          uriAttribute="data-connect-uri"
        />
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(connectUri).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          <span aria-live="polite">{copied ? m.copied : m.farcasterCopyLink}</span>
        </Button>
      </div>
    );
  }
  return (
    <div className="lk-farcaster" data-farcaster-step="opening">
      <ModalHeader
        title={m.farcasterOpeningTitle}
        message={m.farcasterOpeningDetail}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
    </div>
  );
}
