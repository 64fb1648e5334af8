import { LatchkeyError, type LinkedAccount, type User } from '@latchkey/core';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLinkAccount } from '../../../../hooks/useLinkAccount.ts';
import { LatchkeyProvider } from '../../../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../../../test/fakeClient.ts';
import { waitForScreen } from '../../../../test/modal.ts';

const at = new Date(1_700_000_000_000);
const passkey = (n: number, extra: Partial<LinkedAccount> = {}): LinkedAccount =>
  ({
    type: 'passkey',
    credentialId: `cred-${n}`,
    authenticatorName: `Key ${n}`,
    createdWithBrowser: 'Chrome',
    createdWithOs: 'Linux',
    enrolledInMfa: false,
    verifiedAt: at,
    firstVerifiedAt: at,
    latestVerifiedAt: at,
    ...extra,
  }) as LinkedAccount;
const withPasskeys = (count: number): User => ({
  ...TEST_USER,
  linkedAccounts: Array.from({ length: count }, (_, i) => passkey(i + 1)),
});

afterEach(() => {
  cleanup();
});

function Opener() {
  const { linkPasskey } = useLinkAccount();
  return (
    <button type="button" onClick={linkPasskey}>
      open
    </button>
  );
}

/** The provider with `user` restored, LINK_PASSKEY_SCREEN open. */
async function openPasskeys(user: User) {
  const fake = createFakeClient();
  const client = fake.client as typeof fake.client & Record<string, ReturnType<typeof vi.fn>>;
  client.initialize = vi.fn(async () => fake.setState({ status: 'authenticated', user }));
  const view = render(
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      <Opener />
    </LatchkeyProvider>,
  );
  await waitFor(() => expect(client.getState().status).toBe('authenticated'));
  act(() => view.getByText('open').click());
  const found = await waitForScreen('LINK_PASSKEY_SCREEN');
  await waitFor(() => expect(found.q.getByText('Your passkeys')).toBeTruthy());
  return { ...found, client, setState: fake.setState };
}

describe('LINK_PASSKEY_SCREEN (issue 6; spec sections 5 and 9)', () => {
  it("shows 2 passkeys with their display names, then all after 'View all'", async () => {
    const { q } = await openPasskeys(withPasskeys(3));
    expect(q.getAllByTestId('passkey-item')).toHaveLength(2);
    expect(q.getByText('Key 1 on Chrome')).toBeTruthy();
    expect(q.queryByText('Key 3 on Chrome')).toBeNull();
    fireEvent.click(q.getByRole('button', { name: 'View all' }));
    expect(q.getAllByTestId('passkey-item')).toHaveLength(3);
    expect(q.queryByRole('button', { name: 'View all' })).toBeNull();
  });

  it("offers 'Add new passkey' with fewer than 5, in link mode; not with 5", async () => {
    const four = await openPasskeys(withPasskeys(4));
    expect(four.q.getByRole('button', { name: 'Add new passkey' })).toBeTruthy();
    four.client.linkPasskey = vi.fn(() => new Promise<User>(() => {}));
    fireEvent.click(four.q.getByRole('button', { name: 'Add new passkey' }));
    await waitForScreen('AWAITING_PASSKEY_SYSTEM_DIALOGUE');
    cleanup();
    const five = await openPasskeys(withPasskeys(5));
    expect(five.q.queryByRole('button', { name: 'Add new passkey' })).toBeNull();
    expect(five.el.textContent).toContain('You have the maximum of 5 passkeys.');
  });

  it('Remove unlinks the passkey and the list follows the updated user', async () => {
    const { q, client } = await openPasskeys(withPasskeys(2));
    client.unlinkPasskey = vi.fn(async () => withPasskeys(1));
    fireEvent.click(q.getByRole('button', { name: 'Remove Key 2 on Chrome' }));
    await waitFor(() => expect(q.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(client.unlinkPasskey).toHaveBeenCalledWith('cred-2');
    // Focus lands on the status line, not on the next Remove button (no accidental second removal).
    const status = q.getByRole('status');
    expect(status.textContent).toBe('Passkey removed.');
    await waitFor(() => expect(status.getRootNode()).toHaveProperty('activeElement', status));
  });

  it("a passkey enrolled in MFA: 'Cannot unlink a passkey enrolled in MFA'", async () => {
    const { q, client } = await openPasskeys(withPasskeys(2));
    client.unlinkPasskey = vi.fn(async () => {
      throw new LatchkeyError('MFA verification required', { code: 'missing_or_invalid_mfa' });
    });
    fireEvent.click(q.getByRole('button', { name: 'Remove Key 1 on Chrome' }));
    await waitFor(() =>
      expect(q.getByRole('alert').textContent).toBe('Cannot unlink a passkey enrolled in MFA'),
    );
    expect(q.getAllByTestId('passkey-item')).toHaveLength(2);
  });
});
