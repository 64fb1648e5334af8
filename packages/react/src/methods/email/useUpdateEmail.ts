import { LatchkeyError, SCREEN } from '@latchkey/core';
import { useCallback } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';

/** What {@link useUpdateEmail} returns. */
export interface UseUpdateEmailReturnType {
  /**
   * Opens UPDATE_EMAIL_SCREEN: the user types a new address, a code is sent to it and, once
   * entered, `POST /api/v1/passwordless/update` `{ oldAddress, newAddress, code }` replaces the
   * old one. Finishes through `useLinkAccount({ onSuccess })` listeners (`linkMethod` 'email').
   *
   * @throws {LatchkeyError} `email_required_to_update` ('User is required to have an email
   *   address to update it.') when the logged-in user has no email. Logged out, it warns and
   *   reports `must_be_authenticated` to the link listeners instead.
   */
  updateEmail: () => void;
}

/**
 * Replaces the logged-in user's email address (issue 6; spec sections 2 and 5).
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { updateEmail } = useUpdateEmail();
 * <button onClick={updateEmail}>Update email</button>
 */
export function useUpdateEmail(): UseUpdateEmailReturnType {
  const { session, link, config } = useInternalLatchkey('useUpdateEmail');
  const updateEmail = useCallback(() => {
    if (session.status === 'authenticated' && !session.user?.email) {
      throw new LatchkeyError(config.messages.emailRequiredToUpdate, {
        code: 'email_required_to_update',
      });
    }
    link(SCREEN.UPDATE_EMAIL_SCREEN, { mode: 'update-email' });
  }, [session, link, config]);
  return { updateEmail };
}
