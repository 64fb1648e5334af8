import { useLatchkey, useMfa, useMfaEnrollment } from '@latchkey/react';

const NAMES = { sms: 'SMS', totp: 'Authenticator app', passkey: 'Passkey' } as const;

/**
 * MFA (issue 15): the user's enrolled methods and the enrolment modal, where methods are added
 * and removed. Once one is enrolled, a send or an export asks for it first.
 */
export function Mfa() {
  const { authenticated } = useLatchkey();
  const { mfaMethods } = useMfa();
  const { showMfaEnrollmentModal } = useMfaEnrollment();
  if (!authenticated) return null;
  return (
    <section className="demo__card" data-testid="mfa-panel">
      <h2>MFA</h2>
      <p className="demo__lead" data-testid="mfa-methods">
        {mfaMethods.length === 0
          ? 'No verification method yet: wallet actions need only the session.'
          : `Wallet actions ask for: ${mfaMethods.map((m) => NAMES[m]).join(', ')}`}
      </p>
      <div className="demo__actions">
        <button type="button" className="demo__button" onClick={showMfaEnrollmentModal}>
          Manage MFA
        </button>
      </div>
    </section>
  );
}
