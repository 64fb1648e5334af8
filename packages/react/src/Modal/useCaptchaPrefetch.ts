import { useEffect } from 'react';
import { useModal } from './ModalContext.ts';

/**
 * Starts a captcha run as soon as the modal's captcha is 'ready' (spec section 2: "Landing and
 * awaiting-connection screens trigger a captcha run when the modal is open, not headless and
 * the captcha is ready"), so a token is usually in by the time the user submits. A screen
 * renders only while the modal is open; `skip` (a logged-in user linking) runs nothing.
 */
export function useCaptchaPrefetch(skip = false): void {
  const { captcha } = useModal();
  useEffect(() => {
    if (!captcha || skip) return;
    const run = () => {
      if (captcha.getState().status === 'ready') {
        captcha.execute().catch(() => {});
      }
    };
    run();
    return captcha.subscribe(run);
  }, [captcha, skip]);
}
