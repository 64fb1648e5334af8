/**
 * MFA_ENROLLMENT_FLOW_SCREEN (issue 15; spec sections 4 "MFA enrolment", 5 and 9): the rows
 * follow the app's methods ('Add more security' with none); SMS is unavailable to an SMS login;
 * an enrolled user verifies before a change; TOTP shows the QR code and the setup key; the
 * passkey list shows 3, or 2 and 'View all'.
 */
import type { MfaMethod } from '@latchkey/api';
import type { LinkedAccount, User } from '@latchkey/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import { APP_ID, TEST_USER } from '../test/fakeClient.ts';
import { renderScreen } from '../test/renderScreen.tsx';
import MfaEnrollment from './MfaEnrollment.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function passkey(n: number): LinkedAccount {
  const at = new Date(0);
  return {
    type: 'passkey',
    credentialId: `cred-${n}`,
    authenticatorName: `Key ${n}`,
    createdWithBrowser: null,
    createdWithOs: null,
    enrolledInMfa: false,
    verifiedAt: at,
    firstVerifiedAt: at,
    latestVerifiedAt: at,
  } as unknown as LinkedAccount;
}

/** Renders the screen for `user` in an app offering `methods`; the frame's MFA calls are spies. */
function renderEnrollment(user: Partial<User>, methods: MfaMethod[] = ['sms', 'totp', 'passkey']) {
  const mfa = vi.fn(async (event: string) =>
    event === 'latchkey:mfa:init-enrollment'
      ? { secret: SECRET, authUrl: `otpauth://totp/Acme:alice?secret=${SECRET}&issuer=Acme` }
      : {},
  );
  const full = { ...TEST_USER, ...user } as User;
  const client = {
    getState: () => ({ status: 'authenticated', user: full }),
    sharedWalletBridge: () => ({ frameOrigin: 'http://api.test', mfa }),
  };
  const ctx = {
    client,
    session: { status: 'authenticated', user: full },
  } as unknown as LatchkeyContextValue;
  const config = resolveConfig(APP_ID, undefined, { name: 'Acme', mfa_methods: methods });
  const view = renderScreen(
    <LatchkeyContext.Provider value={ctx}>
      <MfaEnrollment />
    </LatchkeyContext.Provider>,
    { config, messages: config.messages },
  );
  return { ...view, mfa };
}

describe('MFA_ENROLLMENT_FLOW_SCREEN', () => {
  it("an app without methods: 'Add more security' and nothing to add", () => {
    renderEnrollment({}, []);
    expect(screen.getByText('Add more security')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
  });

  it('one row per app method; SMS is unavailable to a user who logs in by SMS', () => {
    renderEnrollment({ linkedAccounts: [{ type: 'phone' } as unknown as LinkedAccount] }, [
      'totp',
      'sms',
    ]);
    expect(screen.getByText('Transaction Protection')).toBeTruthy();
    expect(screen.getByText('Not available: you log in with SMS')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add SMS' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add Authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Passkey' })).toBeNull();
  });

  it('TOTP: the QR code and the setup key in groups of 4, from the frame', async () => {
    const { mfa } = renderEnrollment({});
    fireEvent.click(screen.getByRole('button', { name: 'Add Authenticator app' }));
    await waitFor(() => expect(screen.getByTestId('mfa-totp-secret')).toBeTruthy());
    expect(screen.getByTestId('mfa-totp-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(mfa).toHaveBeenCalledWith('latchkey:mfa:init-enrollment', { method: 'totp' });
    const qr = screen.getByAltText('QR code for your authenticator app') as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
  });

  it('an enrolled user verifies before adding a method; the frame is not asked yet', () => {
    const { mfa } = renderEnrollment({ mfaMethods: ['totp'] });
    fireEvent.click(screen.getByRole('button', { name: 'Add SMS' }));
    expect(
      screen.getByText('To add or delete verification methods, verification is required', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(mfa).not.toHaveBeenCalled();
  });

  it("passkeys: 3 are listed; with more, 2 and 'View all'", () => {
    renderEnrollment({ linkedAccounts: [1, 2, 3].map(passkey) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Passkey' }));
    expect(screen.getAllByTestId('mfa-passkey-item')).toHaveLength(3);
    expect(screen.queryByText('View all')).toBeNull();
  });

  it("passkeys: 5 linked shows 2 and 'View all', and no 'Add new passkey'", () => {
    renderEnrollment({ linkedAccounts: [1, 2, 3, 4, 5].map(passkey) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Passkey' }));
    expect(screen.getAllByTestId('mfa-passkey-item')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /View all/ }));
    expect(screen.getAllByTestId('mfa-passkey-item')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add new passkey' })).toBeNull();
  });
});
