/**
 * Issue 15, "MFA prompt": when a wallet action is refused for want of MFA, the provider's handler
 * opens the modal's prompt (MFA_VERIFICATION_SCREEN, the user's first method selected) and
 * closing it cancels the wait ('MFA canceled'); with `mfa.noPromptOnMfaRequired` the app's
 * `useMfaRequired` listener is called instead and no modal opens.
 */
import { SCREEN, WalletError } from '@latchkey/core';
import { mfaClientOf } from '@latchkey/core/embedded-wallet';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../test/fakeClient.ts';
import { dialog, waitForScreen } from '../test/modal.ts';
import { useMfaRequired } from './hooks.ts';

afterEach(() => cleanup());

const refused = () =>
  new WalletError('MFA verification required', {
    type: 'missing_or_invalid_mfa',
    code: 'missing_or_invalid_mfa',
  });

/** A provider with an authenticated fake client whose user has TOTP; the shared MFA client. */
async function setUp(config: Parameters<typeof LatchkeyProvider>[0]['config'], child = <p />) {
  const fake = createFakeClient({ initialStatus: 'authenticated' });
  const mfa = mfaClientOf(fake.client);
  const registered = vi.spyOn(mfa, 'setMfaRequiredHandler');
  render(
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client} config={config}>
      {child}
    </LatchkeyProvider>,
  );
  await waitFor(() => expect(fake.client.getState().status).toBe('authenticated'));
  fake.setState({ status: 'authenticated', user: { ...TEST_USER, mfaMethods: ['totp'] } });
  await waitFor(() => expect(registered).toHaveBeenCalled());
  // An operation the frame refuses once, then performs.
  const operation = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValue('signed');
  return { fake, mfa, operation };
}

describe('the MFA prompt', () => {
  it('opens the modal on MFA_VERIFICATION_SCREEN; closing it cancels the waiting action', async () => {
    const { mfa, operation } = await setUp(undefined);
    const result = mfa.withMfa(operation);
    const { q } = await waitForScreen(SCREEN.MFA_VERIFICATION_SCREEN);
    // The user's one method (TOTP) is selected at once: the code field shows.
    expect(await q.findByLabelText('Verification code')).toBeTruthy();
    expect(q.queryByText('Choose another method')).toBeNull();
    fireEvent.click(q.getByRole('button', { name: 'Close' }));
    await expect(result).rejects.toThrow('MFA canceled');
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('with noPromptOnMfaRequired calls useMfaRequired instead, and opens nothing', async () => {
    const onMfaRequired = vi.fn();
    function Listener() {
      useMfaRequired({ onMfaRequired });
      return null;
    }
    const { mfa, operation } = await setUp({ mfa: { noPromptOnMfaRequired: true } }, <Listener />);
    const result = mfa.withMfa(operation);
    await waitFor(() => expect(onMfaRequired).toHaveBeenCalledWith(['totp']));
    expect(dialog()).toBeNull();
    mfa.verify.cancel();
    await expect(result).rejects.toThrow('MFA canceled');
  });
});
