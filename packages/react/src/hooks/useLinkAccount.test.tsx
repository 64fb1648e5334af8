import { type LinkedAccount, LatchkeyError, type User } from '@latchkey/core';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../test/fakeClient.ts';
import { dialog, waitForScreen } from '../test/modal.ts';
import { useLinkAccount, type UseLinkAccountParameters } from './useLinkAccount.ts';
import { useUnlinkAccount } from './useUnlinkAccount.ts';
import { useUpdateEmail } from '../methods/email/useUpdateEmail.ts';

const at = new Date(1_700_000_000_000);
const verified = { verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at };
const EMAIL: LinkedAccount = { type: 'email', address: 'alice@example.com', ...verified };
const PHONE: LinkedAccount = { type: 'phone', number: '+14155552671', ...verified };
const PHONE_USER: User = {
  ...TEST_USER,
  email: undefined,
  phone: { number: PHONE.number },
  linkedAccounts: [PHONE],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A provider around a fake client whose `initialize` restores `user` (or nobody). */
function setup(user: User | null) {
  const fake = createFakeClient({ initialStatus: user ? 'authenticated' : 'unauthenticated' });
  const client = fake.client as typeof fake.client & Record<string, ReturnType<typeof vi.fn>>;
  client.initialize = vi.fn(async () => {
    fake.setState(
      user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null },
    );
  });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      {children}
    </LatchkeyProvider>
  );
  return { client, setState: fake.setState, wrapper };
}

function useAccounts(parameters: UseLinkAccountParameters) {
  return { link: useLinkAccount(parameters), unlink: useUnlinkAccount(), update: useUpdateEmail() };
}

describe('useLinkAccount (issue 6, spec section 6: linking needs login)', () => {
  it('logged out: warns, reports must_be_authenticated and opens nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, wrapper } = setup(null);
    client.linkOAuth = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(() => useLinkAccount({ onError }), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkEmail());
    act(() => result.current.linkGoogle());
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'must_be_authenticated',
        message: 'You must be logged in to link an account.',
      }),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('logged in to link'));
    expect(client.linkOAuth).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog()).toBeNull();
  });

  it('links an email: LINK_EMAIL_SCREEN -> code in link mode -> onSuccess with the new account', async () => {
    const { client, setState, wrapper } = setup(PHONE_USER);
    const linkedUser: User = {
      ...PHONE_USER,
      email: { address: 'bob@example.com' },
      linkedAccounts: [PHONE, { ...EMAIL, address: 'bob@example.com' }],
    };
    client.linkWithEmailCode = vi.fn(async ({ code }: { email: string; code: string }) => {
      if (code !== '123456')
        throw new LatchkeyError('Invalid or expired verification code', {
          code: 'invalid_credentials',
        });
      setState({ status: 'authenticated', user: linkedUser });
      return linkedUser;
    });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useLinkAccount({ onSuccess }), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkEmail());
    const { el, q } = await waitForScreen('LINK_EMAIL_SCREEN');
    await waitFor(() => expect(q.getByText('Link your email')).toBeTruthy());
    // 'By logging in I agree...' is about logging in: not on a logged-in user's link screens.
    expect(dialog()!.querySelector('.lk-footer__terms')).toBeNull();
    const input = el.querySelector<HTMLInputElement>('input[type="email"]')!;
    const submit = q.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'bob@example.com' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    expect(dialog()!.querySelector('.lk-footer__terms')).toBeNull();
    expect(client.sendEmailCode).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'bob@example.com' }),
    );
    const boxes = dialog()!.querySelectorAll<HTMLInputElement>('input');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    await waitFor(() =>
      expect(client.linkWithEmailCode).toHaveBeenCalledWith({
        email: 'bob@example.com',
        code: '123456',
      }),
    );
    expect(client.loginWithEmailCode).not.toHaveBeenCalled();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onSuccess).toHaveBeenCalledWith({
      user: linkedUser,
      linkMethod: 'email',
      linkedAccount: expect.objectContaining({ type: 'email', address: 'bob@example.com' }),
    });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closing a link flow early reports exited_link_flow (not exited_auth_flow)', async () => {
    const { client, wrapper } = setup(TEST_USER);
    const onError = vi.fn();
    const { result } = renderHook(() => useLinkAccount({ onError }), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkPhone());
    const { el } = await waitForScreen('LINK_PHONE_SCREEN');
    // The phone input is its own lazy chunk (libphonenumber-js): slow on a busy machine.
    await waitFor(() => expect(el.querySelector('input[type="tel"]')).not.toBeNull(), {
      timeout: 5000,
    });
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'exited_link_flow' }));
  });

  it('link<Provider> starts client.linkOAuth inside the call and opens AWAITING_OAUTH_SCREEN', async () => {
    const { client, wrapper } = setup(TEST_USER);
    let finish!: (user: User | null) => void;
    client.linkOAuth = vi.fn(() => new Promise<User | null>((r) => (finish = r)));
    const { result } = renderHook(() => useLinkAccount({}), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkGithub());
    // Synchronously, before any render: the popup must open inside the user's gesture.
    expect(client.linkOAuth).toHaveBeenCalledWith('github');
    await waitForScreen('AWAITING_OAUTH_SCREEN');
    act(() => finish(null));
  });

  it('linkCrossApp starts client.linkOAuth with latchkey:{appId} in the call and opens CROSS_APP_AUTH_SCREEN (issue 21)', async () => {
    const { client, wrapper } = setup(TEST_USER);
    let finish!: (user: User | null) => void;
    client.linkOAuth = vi.fn(() => new Promise<User | null>((r) => (finish = r)));
    client.getCrossAppConnections = vi.fn(async () => []);
    const { result } = renderHook(() => useLinkAccount({}), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkCrossApp({ appId: 'latchkeywallet00000000000' }));
    expect(client.linkOAuth).toHaveBeenCalledWith('latchkey:latchkeywallet00000000000');
    const { q } = await waitForScreen('CROSS_APP_AUTH_SCREEN');
    await waitFor(() => expect(q.getByText('Connecting to Another app')).toBeTruthy());
    act(() => finish(null));
  });

  it('each helper opens its own screen', async () => {
    const { client, wrapper } = setup(TEST_USER);
    const { result } = renderHook(() => useLinkAccount({}), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.linkWallet());
    const { q } = await waitForScreen('LINK_WALLET_SCREEN');
    await waitFor(() => expect(q.getByText('Link a wallet')).toBeTruthy());
  });
});

describe('useUnlinkAccount (spec section 7)', () => {
  it('resolves with the updated user and keeps the stable error code', async () => {
    const { client, wrapper } = setup(TEST_USER);
    const after = { ...TEST_USER, linkedAccounts: [] };
    client.unlinkEmail = vi.fn(async () => after);
    client.unlinkPhone = vi.fn(async () => {
      throw new LatchkeyError(
        'This is your only login method. Link another one before removing it.',
        {
          code: 'cannot_unlink_last_account',
        },
      );
    });
    client.unlinkWallet = vi.fn(async () => after);
    client.unlinkOAuth = vi.fn(async () => after);
    client.unlinkPasskey = vi.fn(async () => after);
    const { result } = renderHook(() => useAccounts({}), { wrapper });
    await expect(result.current.unlink.unlinkEmail('alice@example.com')).resolves.toBe(after);
    expect(client.unlinkEmail).toHaveBeenCalledWith('alice@example.com');
    await expect(result.current.unlink.unlinkPhone('+14155552671')).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
    });
    await result.current.unlink.unlinkWallet('0xabc');
    await result.current.unlink.unlinkOAuth('google', 'sub-1');
    await result.current.unlink.unlinkPasskey('cred-1');
    expect(client.unlinkWallet).toHaveBeenCalledWith('0xabc');
    expect(client.unlinkOAuth).toHaveBeenCalledWith('google', 'sub-1');
    expect(client.unlinkPasskey).toHaveBeenCalledWith('cred-1');
  });
});

describe('useUpdateEmail (spec section 5)', () => {
  it('throws email_required_to_update for a user without an email', async () => {
    const { client, wrapper } = setup(PHONE_USER);
    const { result } = renderHook(() => useUpdateEmail(), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    await waitFor(() =>
      expect(() => result.current.updateEmail()).toThrow(
        'User is required to have an email address to update it.',
      ),
    );
    try {
      result.current.updateEmail();
    } catch (error) {
      expect((error as LatchkeyError).code).toBe('email_required_to_update');
    }
    expect(dialog()).toBeNull();
  });

  it('opens UPDATE_EMAIL_SCREEN, sends the code to the new address and updates it', async () => {
    const { client, setState, wrapper } = setup({ ...TEST_USER, linkedAccounts: [EMAIL] });
    const updated: User = {
      ...TEST_USER,
      email: { address: 'new@example.com' },
      linkedAccounts: [{ ...EMAIL, address: 'new@example.com' }],
    };
    client.updateEmailWithCode = vi.fn(async () => {
      setState({ status: 'authenticated', user: updated });
      return updated;
    });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAccounts({ onSuccess }), { wrapper });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.update.updateEmail());
    const { el, q } = await waitForScreen('UPDATE_EMAIL_SCREEN');
    await waitFor(() =>
      expect(el.textContent).toContain('Your current email is alice@example.com.'),
    );
    fireEvent.change(el.querySelector('input[type="email"]')!, {
      target: { value: 'new@example.com' },
    });
    fireEvent.click(q.getByRole('button', { name: 'Submit' }));
    await waitForScreen('AWAITING_PASSWORDLESS_CODE');
    expect(dialog()!.querySelector('.lk-footer__terms')).toBeNull();
    expect(client.sendEmailCode).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'new@example.com' }),
    );
    const boxes = dialog()!.querySelectorAll<HTMLInputElement>('input');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '654321' } });
    await waitFor(() =>
      expect(client.updateEmailWithCode).toHaveBeenCalledWith({
        newEmail: 'new@example.com',
        code: '654321',
      }),
    );
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ user: updated, linkMethod: 'email' });
  });
});

describe('terms on reload (issue 6)', () => {
  it('opens AFFIRMATIVE_CONSENT_SCREEN for a restored user who has not accepted required terms', async () => {
    const { client } = setup(null);
    client.initialize = vi.fn(async () => {});
    const fake = createFakeClient({
      initialStatus: 'authenticated',
      appConfig: { require_users_accept_terms: true },
    });
    render(
      <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
        <p>app</p>
      </LatchkeyProvider>,
    );
    const { el } = await waitForScreen('AFFIRMATIVE_CONSENT_SCREEN');
    expect(el.getAttribute('data-screen')).toBe('AFFIRMATIVE_CONSENT_SCREEN');
    expect(screen.getByText('app')).toBeTruthy();
  });

  it('does not open it when the user has accepted, or when terms are not required', async () => {
    const accepted = createFakeClient({ appConfig: { require_users_accept_terms: true } });
    accepted.client.initialize = vi.fn(async () => {
      accepted.setState({
        status: 'authenticated',
        user: { ...TEST_USER, hasAcceptedTerms: true },
      });
    });
    render(
      <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={accepted.client}>
        <p>app</p>
      </LatchkeyProvider>,
    );
    await waitFor(() => expect(accepted.client.getState().status).toBe('authenticated'));
    await new Promise((r) => setTimeout(r, 100));
    expect(dialog()).toBeNull();
  });
});
