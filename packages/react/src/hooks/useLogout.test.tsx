import { LatchkeyError } from '@latchkey/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient } from '../test/fakeClient.ts';
import { useLatchkey } from './useLatchkey.ts';
import { useLogout } from './useLogout.ts';

afterEach(() => {
  cleanup();
});

function setup(onSuccess?: () => void) {
  const fake = createFakeClient({ initialStatus: 'authenticated' });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
      {children}
    </LatchkeyProvider>
  );
  const view = renderHook(() => ({ ...useLogout({ onSuccess }), latchkey: useLatchkey() }), {
    wrapper,
  });
  return { ...fake, ...view };
}

describe('useLogout (issue 12)', () => {
  it('ends the session through the client, then calls onSuccess once', async () => {
    const order: string[] = [];
    const onSuccess = vi.fn(() => order.push('onSuccess'));
    const { client, result } = setup(onSuccess);
    await waitFor(() => expect(result.current.latchkey.authenticated).toBe(true));
    client.logout.mockImplementationOnce(async () => {
      order.push('client.logout');
    });
    await act(() => result.current.logout());
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['client.logout', 'onSuccess']);
  });

  it('the session becomes unauthenticated', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.latchkey.authenticated).toBe(true));
    await act(() => result.current.logout());
    expect(result.current.latchkey.authenticated).toBe(false);
  });

  it('a failing logout rejects with the client error and skips onSuccess', async () => {
    const onSuccess = vi.fn();
    const { client, result } = setup(onSuccess);
    await waitFor(() => expect(result.current.latchkey.authenticated).toBe(true));
    client.logout.mockRejectedValueOnce(new LatchkeyError('down', { code: 'network_error' }));
    await act(() =>
      expect(result.current.logout()).rejects.toMatchObject({ code: 'network_error' }),
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
