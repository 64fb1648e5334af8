import { lazy, Suspense } from 'react';
import { useModal } from '../../Modal/ModalContext.ts';

/** The SMS input, with libphonenumber-js: its own chunk, loaded when SMS is expanded. */
const SmsLoginMethod = lazy(() => import('./Button.tsx'));

/** The login list's SMS input: 'Loading' until its chunk is in. */
export function LazySmsLoginMethod() {
  const { messages: m } = useModal();
  return (
    <Suspense fallback={<p className="lk-sms__loading">{m.loading}</p>}>
      <SmsLoginMethod />
    </Suspense>
  );
}
