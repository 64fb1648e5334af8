import { CAPTCHA_EXECUTE_DELAY_MS, CAPTCHA_MIN_DISPLAY_MS, CAPTCHA_WAIT_MS } from '@latchkey/api';
import { errorScreenFor, LatchkeyError, SCREEN } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { captchaScreenCss } from './Captcha.css.ts';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; token: string }
  | { kind: 'error'; error: unknown; retriesExhausted: boolean };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * CAPTCHA_SCREEN (spec sections 2, 4, 8 and 9): where the captcha gate defers a login init
 * (`params.captcha.run`) while no token is ready.
 *
 * - Shows 'loading' for at least 1 s (CAPTCHA_MIN_DISPLAY_MS); while the lazy captcha module
 *   still loads (`captcha` null) it waits for it up to 20 s (CAPTCHA_WAIT_MS), then shows
 *   captcha_timeout.
 * - A captcha still 'ready' (not started) is executed after 500 ms (CAPTCHA_EXECUTE_DELAY_MS);
 *   core's captcha retries a failed run up to 3 times.
 * - Then waits for the token (core polls every 200 ms, up to 20 s) and runs the deferred action
 *   with it. An action that needs the user's gesture (`params.captcha.gesture`: the OAuth popup)
 *   waits for a 'Continue' click instead.
 * - A failure shows core's `errorScreenFor` texts: captcha_failure ('You did not pass CAPTCHA.
 *   Please try again.', or after the retries 'If you use an adblocker or VPN, try disabling and
 *   re-attempting.'), captcha_timeout ('Something went wrong!' / 'Please try again later.'); its
 *   button resets the captcha and returns to `params.returnTo` (default LANDING).
 */
export default function Captcha() {
  useStyleSheet(buttonCss);
  useStyleSheet(captchaScreenCss);
  const { captcha, params, navigate, config, messages: m } = useModal();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const mounted = useRef(true);
  const started = useRef(false);
  const deferred = params.captcha;
  const returnTo = params.returnTo ?? SCREEN.LANDING;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The gate defers a run while the lazy captcha module still loads (`captcha` null): it gets
  // as long as a token would (CAPTCHA_WAIT_MS, 20 s), then this is a captcha_timeout.
  useEffect(() => {
    if (captcha || !deferred || started.current) return;
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      const error = new LatchkeyError(m.captchaTimeoutDetail, {
        code: 'captcha_timeout',
        details: `The captcha did not load within ${CAPTCHA_WAIT_MS} ms`,
      });
      setPhase({ kind: 'error', error, retriesExhausted: false });
    }, CAPTCHA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [captcha, deferred, m]);

  // One wait per screen (StrictMode's second effect run must not consume a second token).
  useEffect(() => {
    if (started.current || !captcha || !deferred) return;
    started.current = true;
    const shownLongEnough = sleep(CAPTCHA_MIN_DISPLAY_MS);
    void (async () => {
      try {
        if (captcha.getState().status === 'ready') {
          await sleep(CAPTCHA_EXECUTE_DELAY_MS);
          void captcha.execute();
        }
        const token = await captcha.waitForToken();
        await shownLongEnough;
        if (!mounted.current) return;
        if (deferred.gesture) setPhase({ kind: 'ready', token });
        else void deferred.run(token);
      } catch (error) {
        await shownLongEnough;
        if (!mounted.current) return;
        setPhase({ kind: 'error', error, retriesExhausted: captcha.getState().retriesExhausted });
      }
    })();
  }, [captcha, deferred]);

  if (phase.kind === 'error') {
    const screen = errorScreenFor(phase.error, {
      appName: config.appName || m.appNameFallback,
      captchaRetriesExhausted: phase.retriesExhausted,
      messages: m,
    });
    return (
      <div className="lk-captcha lk-error" data-captcha="error" data-error-code={screen.code}>
        <ModalHeader
          title={screen.title}
          message={screen.detail}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        <Button
          variant="primary"
          onClick={() => {
            captcha?.reset();
            navigate(returnTo);
          }}
        >
          {screen.cta.text}
        </Button>
      </div>
    );
  }
  if (phase.kind === 'ready') {
    const { token } = phase;
    return (
      <div className="lk-captcha" data-captcha="ready">
        <ModalHeader
          title={m.captchaReadyTitle}
          message={m.captchaReadyDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
        <Button variant="primary" onClick={() => void deferred?.run(token)}>
          {m.captchaContinue}
        </Button>
      </div>
    );
  }
  return (
    <div className="lk-captcha" data-captcha="loading">
      <ModalHeader title={m.captchaTitle} message={m.captchaLoadingDetail} icon={<ShieldIcon />} />
      <span className="lk-spinner" role="status" aria-label={m.loading} />
    </div>
  );
}
