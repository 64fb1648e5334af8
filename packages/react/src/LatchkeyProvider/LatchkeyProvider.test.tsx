import { InvalidAppIdError } from '@latchkey/core';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProviderMissingError } from '../hooks/useInternalLatchkey.ts';
import { useLatchkey } from '../hooks/useLatchkey.ts';
import { useLogin } from '../hooks/useLogin.ts';
import { APP_ID, createFakeClient } from '../test/fakeClient.ts';
import { renderHost } from '../test/Host.tsx';
import { dialog } from '../test/modal.ts';
import { LatchkeyProvider } from './LatchkeyProvider.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LatchkeyProvider', () => {
  it('throws the core InvalidAppIdError synchronously for an app id that is not 25 characters', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <LatchkeyProvider appId="too-short" apiUrl="http://api.test">
          <p>app</p>
        </LatchkeyProvider>,
      ),
    ).toThrow(InvalidAppIdError);
    expect(() =>
      render(
        <LatchkeyProvider appId="too-short" apiUrl="http://api.test">
          <p>app</p>
        </LatchkeyProvider>,
      ),
    ).toThrow('Cannot initialize the Latchkey provider with an invalid Latchkey app ID');
    // Also when the host passes its own client: the provider checks the id itself.
    const { client } = createFakeClient();
    expect(() =>
      render(
        <LatchkeyProvider appId={`${APP_ID}x`} apiUrl="http://api.test" client={client}>
          <p>app</p>
        </LatchkeyProvider>,
      ),
    ).toThrow(InvalidAppIdError);
  });

  it('accepts a 25-character app id, initializes the client and loads the app config once', async () => {
    const { client } = renderHost();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    expect(client.initialize).toHaveBeenCalledTimes(1);
    expect(client.getAppConfig).toHaveBeenCalledTimes(1);
  });

  it('exposes the session: authenticated, user, logout', async () => {
    const { client } = renderHost({ client: { initialStatus: 'authenticated' } });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    expect(screen.getByTestId('email').textContent).toBe('alice@example.com');
    fireEvent.click(screen.getByText('Log out'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    expect(client.logout).toHaveBeenCalledTimes(1);
  });

  it('login() while authenticated warns and opens nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderHost({ client: { initialStatus: 'authenticated' } });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated'));
    fireEvent.click(screen.getByText('Log in'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already logged in'));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.lk-host')).toBeNull();
    expect(dialog()).toBeNull();
  });

  it('does not load the modal before login() is called', async () => {
    renderHost();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('unauthenticated'));
    expect(document.querySelector('.lk-host')).toBeNull();
  });
});

describe('useLatchkey / useLogin outside the provider', () => {
  it('useLatchkey throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLatchkey())).toThrow(LatchkeyProviderMissingError);
    expect(() => renderHook(() => useLatchkey())).toThrow(
      '`useLatchkey` was called outside the LatchkeyProvider component',
    );
  });

  it('useLogin throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useLogin())).toThrow('`useLogin` was called outside');
  });
});

describe('useLogin', () => {
  it('returns login() that opens the modal, and reports exited_auth_flow when it is closed', async () => {
    const { client } = createFakeClient();
    const onError = vi.fn();
    const { result } = renderHook(() => useLogin({ onError }), {
      wrapper: ({ children }) => (
        <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
          {children}
        </LatchkeyProvider>
      ),
    });
    await waitFor(() => expect(client.initialize).toHaveBeenCalled());
    act(() => result.current.login());
    await waitFor(() => expect(dialog()).not.toBeNull());
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'exited_auth_flow' }));
  });
});
