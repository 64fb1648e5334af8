import { type ModalFlow, SCREEN, type SessionState, termsGateUser } from '@latchkey/core';
import { useEffect, useRef } from 'react';
import type { ScreenParams } from '../Modal/types.ts';

/**
 * Terms (issue 6): a restored session whose user has not accepted the required terms opens
 * AFFIRMATIVE_CONSENT_SCREEN, once per user (a fresh login shows it inside the login flow).
 * Consent is not a login: closing it reports nothing to `useLogin`. Core's `termsGateUser` decides.
 */
export function useTermsGate(
  flow: ModalFlow<ScreenParams>,
  session: SessionState,
  gate: { requireTerms: boolean; open: boolean; standalone: boolean },
): void {
  const shownFor = useRef<string | null>(null);
  const { requireTerms, open, standalone } = gate;
  useEffect(() => {
    const user = termsGateUser({
      session,
      requireTerms,
      open,
      standalone,
      shownFor: shownFor.current,
    });
    if (!user) return;
    shownFor.current = user.id;
    flow.openConsent({
      screen: SCREEN.AFFIRMATIVE_CONSENT_SCREEN,
      params: { login: { user, isNewUser: false } },
    });
  }, [flow, session, requireTerms, open, standalone]);
}
