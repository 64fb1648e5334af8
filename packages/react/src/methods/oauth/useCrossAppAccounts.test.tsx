import { LatchkeyError } from '@latchkey/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient, TEST_USER } from '../../test/fakeClient.ts';
import { useCrossAppAccounts } from './useCrossAppAccounts.ts';

afterEach(() => {
  cleanup();
});

function setup() {
  const fake = createFakeClient();
  const client = Object.assign(fake.client, {
    loginWithCrossAppAccount: vi.fn(async () => ({ user: TEST_USER, isNewUser: true })),
    linkCrossAppAccount: vi.fn(async () => TEST_USER),
  });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={client}>
      {children}
    </LatchkeyProvider>
  );
  return { client, ...renderHook(() => useCrossAppAccounts(), { wrapper }) };
}

describe('useCrossAppAccounts (issue 21)', () => {
  it('logs in and links with the provider app, calling the client inside the click', async () => {
    const { client, result } = setup();
    let login: Promise<unknown> = Promise.resolve();
    act(() => {
      login = result.current.loginWithCrossAppAccount({ appId: 'provider-app' });
    });
    // Before any await: the popup needs the user's gesture.
    expect(client.loginWithCrossAppAccount).toHaveBeenCalledWith({ appId: 'provider-app' });
    await expect(login).resolves.toBe(TEST_USER);
    await expect(result.current.linkCrossAppAccount({ appId: 'provider-app' })).resolves.toBe(
      TEST_USER,
    );
    expect(client.linkCrossAppAccount).toHaveBeenCalledWith({ appId: 'provider-app' });
  });

  it("rejects with the flow's error ('User canceled flow')", async () => {
    const { client, result } = setup();
    client.loginWithCrossAppAccount.mockRejectedValueOnce(
      new LatchkeyError('User canceled flow', { code: 'cross_app_canceled' }),
    );
    await expect(result.current.loginWithCrossAppAccount({ appId: 'p' })).rejects.toMatchObject({
      code: 'cross_app_canceled',
      message: 'User canceled flow',
    });
  });

  it('never settles while the page leaves for the provider (redirect)', async () => {
    const { client, result } = setup();
    client.linkCrossAppAccount.mockResolvedValueOnce(null as never);
    const settled = vi.fn();
    void result.current.linkCrossAppAccount({ appId: 'p' }).then(settled, settled);
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).not.toHaveBeenCalled();
  });
});
