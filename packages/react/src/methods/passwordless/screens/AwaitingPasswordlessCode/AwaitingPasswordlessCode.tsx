import { formatMessage, SCREEN } from '@latchkey/core';
import { useContext, useEffect, useState } from 'react';
import { Button } from '../../../../components/Button/Button.tsx';
import { CodeInput } from '../../../../components/CodeInput/CodeInput.tsx';
import { CheckIcon, MailIcon, PhoneIcon } from '../../../../components/Icons/Icons.tsx';
import { EmailText } from '../../../email/EmailText.tsx';
import { ModalHeader } from '../../../../components/ModalHeader/ModalHeader.tsx';
import { usePasswordlessState } from '../../flow.ts';
import { formatNodes } from '../../../../formatNodes.tsx';
import { LatchkeyContext } from '../../../../LatchkeyProvider/context.ts';
import { closeDuringLoginSuccess } from '../../../../Modal/afterLogin.ts';
import { useModal, useOnCancel } from '../../../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../../../styles/useStyleSheet.ts';
import { awaitingCodeCss } from './AwaitingPasswordlessCode.css.ts';

/**
 * AWAITING_PASSWORDLESS_CODE (spec sections 2, 4 and 8, "Code entry"): six boxes that submit
 * themselves when full. It renders core's passwordless flow: 'verifying'; 'invalid' shows
 * 'Invalid or expired verification code' and the boxes clear 1400 ms later (`resetCount`);
 * 'success' shows 'Success!' and the flow completes the login 1400 ms later; errors that have
 * their own screen navigate there. 'Didn't get an email? Resend code' turns into 'Code sent'
 * and a 30 s countdown after each send. For the 'sms' channel the texts say 'Please check
 * <number> for a text ...' and 'Didn't get a text?' (the number as the SMS input formatted it).
 *
 * The flow knows what the code is for (`state.mode`, issue 6): a login goes on through
 * `finishLogin` (consent, wallet creation or close; wired in LoginModal); a link or email update
 * ('link' / 'update-email', started by LINK_EMAIL, LINK_PHONE and UPDATE_EMAIL screens) ends
 * with `completeLink(user)`. Errors return to `params.returnTo` (default LANDING).
 *
 * After 5 wrong codes (CODE_MAX_ATTEMPTS; the server then refuses even the right one) the flow
 * marks the code dead (`codeExhausted`): the boxes stay empty and disabled, the status says
 * 'Too many wrong codes. This code can no longer be used.' and 'Send a new code' replaces the
 * resend line (disabled, with the countdown, until the 30 s cooldown is over).
 */
export default function AwaitingPasswordlessCode() {
  useStyleSheet(awaitingCodeCss);
  const client = useContext(LatchkeyContext)?.client;
  const {
    passwordless,
    messages: m,
    config,
    navigate,
    fail,
    complete,
    completeLink,
    params,
  } = useModal();
  const state = usePasswordlessState(passwordless);
  const [inputError, setInputError] = useState<string | null>(null);

  useEffect(() => {
    if (state.step !== 'error' || !state.screen) return;
    if (state.error) {
      fail({ code: state.error.code, message: state.error.shortMessage, cause: state.error });
    }
    navigate(state.screen, {
      error: state.error,
      returnTo: params.returnTo ?? SCREEN.LANDING,
      ...(params.mode ? { mode: params.mode } : {}),
    });
  }, [state, navigate, fail, params.returnTo, params.mode]);

  // Closing during the success pause finishes instead of abandoning it: a link or email update
  // ends with the updated user; a login that still needs consent declines it (logs out).
  useOnCancel(() => {
    const now = passwordless.getState();
    if (now.step !== 'success' || !now.result) return;
    if (now.mode !== 'login') return completeLink(now.result.user);
    return closeDuringLoginSuccess({ config, complete }, now.result, async () => {
      await client?.logout();
    });
  });

  const busy = state.step === 'verifying' || state.step === 'success' || state.step === 'invalid';
  // Five wrong codes: the code is dead, only a new one goes on (no typing into it).
  const dead = state.codeExhausted;
  const boxState =
    state.step === 'verifying' || state.step === 'invalid' || state.step === 'success'
      ? state.step
      : 'idle';
  const status = statusLine(state, inputError, m);
  const sms = state.channel === 'sms';
  const shownDestination = (sms && params.displayDestination) || state.destination;

  return (
    <div className="lk-awaiting">
      <ModalHeader
        title={m.enterConfirmationCode}
        icon={state.step === 'success' ? <CheckIcon /> : sms ? <PhoneIcon /> : <MailIcon />}
        iconTone={state.step === 'success' ? 'success' : 'accent'}
        message={formatNodes(sms ? m.checkPhoneForCode : m.checkEmailForCode, {
          email: (
            <strong>
              <EmailText value={shownDestination} />
            </strong>
          ),
          phone: <strong>{shownDestination}</strong>,
          app: config.appName || m.appNameFallback,
        })}
      />
      <CodeInput
        key={state.resetCount}
        autoFocus={state.resetCount > 0 && !dead}
        messages={m}
        disabled={busy || dead}
        state={boxState}
        onError={setInputError}
        onComplete={(code) => {
          setInputError(null);
          void passwordless.submitCode(code);
        }}
      />
      <p className="lk-awaiting__status" role="status" aria-live="polite" data-tone={status.tone}>
        {status.tone === 'busy' && <span className="lk-spinner" aria-hidden="true" />}
        {status.text}
      </p>
      {dead && (
        <p className="lk-awaiting__resend">
          <Button
            variant="primary"
            disabled={state.resending || state.resendCooldownS > 0}
            onClick={() => void passwordless.resend()}
          >
            {m.sendNewCode}
          </Button>
          {state.resendCooldownS > 0 && (
            <span className="lk-awaiting__countdown">
              {formatMessage(m.resendCountdown, { seconds: String(state.resendCooldownS) })}
            </span>
          )}
        </p>
      )}
      {state.step !== 'success' && !dead && (
        <p className="lk-awaiting__resend">
          {state.resendCooldownS > 0 ? (
            <>
              <span className="lk-awaiting__sent">{m.codeSent}</span>
              <span className="lk-awaiting__countdown">
                {formatMessage(m.resendCountdown, { seconds: String(state.resendCooldownS) })}
              </span>
            </>
          ) : (
            <>
              <span>{sms ? m.didNotGetSms : m.didNotGetEmail}</span>
              <Button
                variant="link"
                disabled={state.resending || busy}
                onClick={() => void passwordless.resend()}
              >
                {m.resendCode}
              </Button>
            </>
          )}
        </p>
      )}
    </div>
  );
}

type Tone = 'muted' | 'busy' | 'danger' | 'success';

function statusLine(
  state: ReturnType<typeof usePasswordlessState>,
  inputError: string | null,
  m: ReturnType<typeof useModal>['messages'],
): { text: string; tone: Tone } {
  if (state.step === 'success') return { text: m.success, tone: 'success' };
  if (state.step === 'verifying') return { text: m.verifying, tone: 'busy' };
  if (inputError) return { text: inputError, tone: 'danger' };
  if (state.errorMessage) return { text: state.errorMessage, tone: 'danger' };
  return { text: '', tone: 'muted' };
}
