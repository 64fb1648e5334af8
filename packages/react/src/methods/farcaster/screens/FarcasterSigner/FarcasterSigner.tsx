import {
  errorCodeOf,
  type FarcasterSignerState,
  LatchkeyError,
  SUCCESS_CLOSE_MS,
  WalletError,
} from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../../../components/Button/Button.css.ts';
import { Button } from '../../../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon } from '../../../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../../../hooks/useInternalLatchkey.ts';
import type { Messages } from '../../../../messages.ts';
import { useModal, useOnCancel } from '../../../../Modal/ModalContext.ts';
import { errorScreenCss } from '../../../../screens/ErrorScreen/ErrorScreen.css.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { FarcasterQr } from '../../FarcasterQr.tsx';
import { farcasterConnectCss } from '../FarcasterConnect/FarcasterConnect.css.ts';

/** The screen's states (`data-farcaster-signer-step`). */
type Step =
  | { kind: 'opening' }
  | { kind: 'waiting'; approvalUrl: string | null }
  | { kind: 'approved' }
  | { kind: 'failed'; code: string | undefined; message: string | undefined };

/**
 * One request of the signer: StrictMode's second effect run keeps it (`live` again), a real
 * unmount (or the next attempt) cancels its watch a tick later (`gone`).
 */
type Attempt = {
  n: number;
  live: boolean;
  gone: boolean;
  cancel: () => void;
  cancelTimer?: number;
};

/** The failure's code: a frame error's type (`wallet_not_on_device`, ...) rather than `frame_error`. */
function codeOf(error: unknown): string | undefined {
  if (error instanceof WalletError && error.code === 'frame_error' && error.type !== 'error') {
    return error.type;
  }
  return errorCodeOf(error);
}

/** The failure's one sentence (`LatchkeyError.shortMessage` first). */
function messageOf(error: unknown): string | undefined {
  if (error instanceof LatchkeyError) return error.shortMessage;
  return error instanceof Error ? error.message : undefined;
}

/** The failed state's title and detail (spec section 8, "Signer flow"). */
function failure(
  code: string | undefined,
  message: string | undefined,
  m: Messages,
): { title: string; detail: string } {
  if (code === 'farcaster_signer_rejected') {
    return { title: m.farcasterSignerRejectedTitle, detail: m.farcasterSignerRejectedDetail };
  }
  return {
    title: m.farcasterSignerFailedTitle,
    detail:
      code === 'farcaster_signer_timeout'
        ? m.farcasterTimedOut
        : message || m.farcasterSomethingWentWrong,
  };
}

/**
 * AWAITING_FARCASTER_SIGNER (issue 16; spec sections 2, 4, 8 "Signer flow" and 9): asks for the
 * Farcaster signer of the user's embedded wallet. On mount it calls `client.initFarcasterSigner()`
 * ('opening'); a signer already `approved` shows 'approved' and closes 1.4 s later
 * (`SUCCESS_CLOSE_MS`); a `pending_approval` one shows 'Add a Farcaster signer' with the QR
 * code of its approval link and, on phones, 'Open Farcaster' (the link itself), while
 * `client.watchFarcasterSigner` polls every 2 s ('waiting'); once approved: 'Signer approved',
 * closing 1.4 s later. A revoked signer says 'Request rejected' / 'The request was rejected.
 * Please try again.'; the timeout (300 s) 'Connect failed' / 'The request timed out. Try
 * again.', any other failure 'Connect failed' with its message; 'Try again' asks again. Each
 * state is `data-farcaster-signer-step` (opening, waiting, approved, failed; `data-error-code`
 * on failed).
 *
 * Opened by `useFarcasterSigner().requestFarcasterSigner()` through the wallet controller's
 * `prompt` (`params.wallet`, kind `method`): the request resolves with the approved signer, and
 * closing before that rejects it with the last failure, or `exited_link_flow`. Leaving the
 * screen or closing the modal cancels the watch.
 */
export default function FarcasterSigner() {
  useStyleSheet(buttonCss);
  useStyleSheet(errorScreenCss);
  useStyleSheet(farcasterConnectCss);
  const { client } = useInternalLatchkey('FarcasterSigner');
  const { params, messages: m, requestClose } = useModal();
  const request = params.wallet?.kind === 'method' ? params.wallet : undefined;
  const [attempt, setAttempt] = useState(1);
  const [step, setStep] = useState<Step>({ kind: 'opening' });
  const current = useRef<Attempt | null>(null);
  /** The request is settled (resolved once approved, or rejected on close). */
  const settled = useRef(false);
  /** The last failure, what closing rejects the request with. */
  const failed = useRef<unknown>(null);
  const latest = useRef({ request, m });
  latest.current = { request, m };

  useOnCancel(() => {
    if (settled.current) return;
    settled.current = true;
    latest.current.request?.reject(
      failed.current ??
        new LatchkeyError(latest.current.m.exitedLinkFlow, { code: 'exited_link_flow' }),
    );
  });

  // One request (and watch) per attempt. A cleanup cancels it a tick later, unless the effect
  // runs again for the same attempt (StrictMode's second run: the request goes on).
  useEffect(() => {
    let held = current.current;
    if (held?.n === attempt) {
      window.clearTimeout(held.cancelTimer);
      held.live = true;
    } else {
      const next: Attempt = { n: attempt, live: true, gone: false, cancel: () => {} };
      held = current.current = next;
      failed.current = null;
      setStep({ kind: 'opening' });
      const approved = (state: FarcasterSignerState) => {
        if (!next.live) return;
        if (!settled.current) {
          settled.current = true;
          latest.current.request?.resolve(state);
        }
        setStep({ kind: 'approved' });
      };
      const fail = (error: unknown) => {
        if (!next.live) return;
        failed.current = error;
        setStep({ kind: 'failed', code: codeOf(error), message: messageOf(error) });
      };
      client.initFarcasterSigner().then((state) => {
        if (next.gone || !next.live) return;
        if (state.status === 'approved') return approved(state);
        if (state.status === 'revoked') {
          return fail(
            new LatchkeyError(latest.current.m.farcasterSignerRejectedDetail, {
              code: 'farcaster_signer_rejected',
            }),
          );
        }
        setStep({ kind: 'waiting', approvalUrl: state.approvalUrl });
        const watch = client.watchFarcasterSigner(state.publicKey);
        next.cancel = watch.cancel;
        watch.result.then(approved, fail);
      }, fail);
    }
    const mine = held;
    return () => {
      mine.live = false;
      mine.cancelTimer = window.setTimeout(() => {
        mine.gone = true;
        mine.cancel();
      }, 0);
    };
  }, [attempt, client]);

  // Approved: the modal closes 1.4 s later (spec section 9).
  useEffect(() => {
    if (step.kind !== 'approved') return;
    const timer = setTimeout(requestClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step.kind, requestClose]);

  if (step.kind === 'failed') {
    const { title, detail } = failure(step.code, step.message, m);
    return (
      <div
        className="lk-error lk-farcaster"
        data-farcaster-signer-step="failed"
        data-error-code={step.code}
      >
        <ModalHeader title={title} message={detail} icon={<AlertIcon />} iconTone="danger" />
        <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
          {m.farcasterRetry}
        </Button>
      </div>
    );
  }
  if (step.kind === 'approved') {
    return (
      <div className="lk-farcaster" data-farcaster-signer-step="approved">
        <ModalHeader
          title={m.farcasterSignerApprovedTitle}
          message={m.farcasterSignerApprovedDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
      </div>
    );
  }
  if (step.kind === 'waiting') {
    const { approvalUrl } = step;
    return (
      <div className="lk-farcaster" data-farcaster-signer-step="waiting">
        <ModalHeader title={m.farcasterSignerTitle} message={m.farcasterSignerDetail} />
        {approvalUrl && (
          <>
            <a
              className="lk-button lk-button--primary lk-farcaster__open"
              href={approvalUrl}
              data-testid="farcaster-signer-open"
            >
              {m.farcasterOpenApp}
            </a>
            <FarcasterQr
              uri={approvalUrl}
              alt={m.farcasterSignerQrAlt}
              testId="farcaster-signer-qr"
              uriAttribute="data-approval-url"
            />
          </>
        )}
        <p role="status" aria-live="polite">
          {m.farcasterSignerWaiting}
        </p>
      </div>
    );
  }
  return (
    <div className="lk-farcaster" data-farcaster-signer-step="opening">
      <ModalHeader
        title={m.farcasterSignerOpeningTitle}
        message={m.farcasterSignerOpeningDetail}
        icon={<span className="lk-spinner" aria-hidden="true" />}
      />
    </div>
  );
}
