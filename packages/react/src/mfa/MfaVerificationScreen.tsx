import { SCREEN } from '@latchkey/core';
import { useSyncExternalStore } from 'react';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import { useModal } from '../Modal/ModalContext.ts';
import { MfaVerification } from './MfaVerification.tsx';

/**
 * MFA_VERIFICATION_SCREEN (issue 15; spec sections 2 "MFA" and 4 "MFA prompt"): the prompt of the
 * pending MFA request (the provider's `MfaPromptStore`). The modal shows it as its own screen
 * when a wallet action needing MFA opened the modal, and over the waiting screen (which stays
 * mounted, hidden) when the modal was already open. A verification releases the waiting action
 * (core retries it) and, on its own screen, closes the modal; closing the modal first cancels
 * the wait ('MFA canceled'; the provider's handler).
 */
export default function MfaVerificationScreen() {
  const { mfa, modal } = useInternalLatchkey('MfaVerificationScreen');
  const { screen } = useModal();
  const request = useSyncExternalStore(mfa.store.subscribe, mfa.store.get, mfa.store.get);
  if (!request) return null;
  return (
    <MfaVerification
      key={request.id}
      methods={request.methods}
      onVerified={() => {
        mfa.store.settle();
        if (screen === SCREEN.MFA_VERIFICATION_SCREEN) modal.close();
      }}
    />
  );
}
