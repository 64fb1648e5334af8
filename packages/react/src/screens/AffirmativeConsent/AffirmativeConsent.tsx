import { errorScreenFor } from '@latchkey/core';
import { useRef, useState } from 'react';
import { buttonCss } from '../../components/Button/Button.css.ts';
import { Button } from '../../components/Button/Button.tsx';
import { ShieldIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import type { LoginFailure } from '../../Modal/types.ts';
import { TERMS_DECLINED } from '../../Modal/afterLogin.ts';
import { useModal, useOnCancel } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { affirmativeConsentCss } from './AffirmativeConsent.css.ts';

/**
 * AFFIRMATIVE_CONSENT_SCREEN (spec sections 2 and 4; issue 6): shown after a login when the app
 * requires terms acceptance (`require_users_accept_terms`) and the user has not accepted them.
 * Title 'One last step', 'By signing up, you agree to our terms and privacy policy.', the links
 * 'View Terms' and 'View Privacy Policy' (the app's URLs, new tab, `rel="noopener noreferrer"`),
 * then:
 * - 'Accept': `client.acceptTerms()` (`POST /api/v1/users/me/accept_terms`), then the rest of
 *   the login (wallet creation when it applies, else close with success);
 * - 'No thanks', or closing the modal here: logs out and ends the login with
 *   `useLogin({ onError })` code `terms_declined`. Nobody stays logged in without consent.
 *
 * Reads `params.login` (the login waiting for consent).
 */
export default function AffirmativeConsent() {
  useStyleSheet(buttonCss);
  useStyleSheet(affirmativeConsentCss);
  const { client } = useInternalLatchkey('AffirmativeConsent');
  const { params, config, messages: m, finishLogin, exit } = useModal();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settled = useRef(false);
  const { termsAndConditionsUrl: terms, privacyPolicyUrl: privacy } = config.legal;
  const failure: LoginFailure = { code: TERMS_DECLINED, message: m.termsDeclined };

  const logOut = () =>
    client.logout().catch((cause: unknown) => {
      console.warn('[latchkey] logout after declined terms failed', cause);
    });

  // Closing the modal here declines: log out (local state is cleared at once) and report it.
  useOnCancel(() => {
    if (settled.current) return;
    settled.current = true;
    void logOut();
    return failure;
  });

  const decline = async () => {
    if (settled.current) return;
    settled.current = true;
    setBusy('decline');
    await logOut();
    exit(failure);
  };

  const accept = async () => {
    if (busy) return;
    setBusy('accept');
    setError(null);
    try {
      const user = await client.acceptTerms();
      settled.current = true;
      const login = params.login;
      finishLogin({ user, isNewUser: login?.isNewUser ?? false });
    } catch (cause) {
      setBusy(null);
      setError(errorScreenFor(cause, { appName: config.appName, messages: m }).detail);
    }
  };

  return (
    <div className="lk-consent" data-testid="affirmative-consent">
      <ModalHeader title={m.consentTitle} message={m.consentDetail} icon={<ShieldIcon />} />
      {(terms || privacy) && (
        <p className="lk-consent__links">
          {terms && (
            <a href={terms} target="_blank" rel="noopener noreferrer">
              {m.consentViewTerms}
            </a>
          )}
          {privacy && (
            <a href={privacy} target="_blank" rel="noopener noreferrer">
              {m.consentViewPrivacy}
            </a>
          )}
        </p>
      )}
      {error && (
        <p className="lk-consent__error" role="alert">
          {error}
        </p>
      )}
      <Button
        variant="primary"
        disabled={busy !== null}
        aria-busy={busy === 'accept'}
        onClick={() => void accept()}
      >
        {busy === 'accept' ? m.consentAccepting : m.consentAccept}
      </Button>
      <Button variant="secondary" disabled={busy !== null} onClick={() => void decline()}>
        {m.consentDecline}
      </Button>
    </div>
  );
}
