/**
 * The provider's transact page (issue 21 item 2): it says it listens only to its opener at the
 * origin the server checked, takes a request only from that opener at that origin, asks the
 * server's check (the provider app's API client, with its session's bearer token) before anything else, and answers a
 * refusal (or the user's Reject) to that origin only, then closes.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { CROSS_APP_ACTION } from '@latchkey/api';
import { ApiError } from '@latchkey/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyProvider } from '../../LatchkeyProvider/LatchkeyProvider.tsx';
import { APP_ID, createFakeClient } from '../../test/fakeClient.ts';
import { TransactPage } from './TransactPage.tsx';

const ORIGIN = 'https://shop.example';
const WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const REQUEST = {
  type: CROSS_APP_ACTION.request,
  id: 'req-1',
  token: 'provider-access-token',
  request: { method: 'personal_sign', params: ['0x68656c6c6f', WALLET] },
};

afterEach(() => {
  cleanup();
});

function renderPage() {
  const posted: { data: unknown; origin: string }[] = [];
  const opener = {
    postMessage: (data: unknown, origin: string) => posted.push({ data, origin }),
  } as unknown as Window;
  const close = vi.fn();
  const fake = createFakeClient({ initialStatus: 'authenticated' });
  // The provider app's API client: the chain info as usual; the check refused.
  const fetchMock = vi.fn(async (p: { path: string; body?: unknown; accessToken?: unknown }) => {
    if (p.path === '/api/v1/chains') return { chains: [] };
    throw new ApiError({
      status: 401,
      code: 'cross_app_invalid_token',
      message: 'Transactions require a valid token',
    });
  });
  fake.client.api.request = fetchMock as unknown as typeof fake.client.api.request;
  const checks = () =>
    fetchMock.mock.calls.filter(([p]) => p.path.endsWith('/transact/check')).map(([p]) => p);
  render(
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
      <TransactPage
        appId={APP_ID}
        clientId="requesterapp0000000000000"
        origin={ORIGIN}
        opener={opener}
        close={close}
      />
    </LatchkeyProvider>,
  );
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: from.origin ?? ORIGIN,
          source: (from.source ?? opener) as MessageEventSource,
        }),
      );
    });
  return { posted, close, checks, deliver };
}

describe('TransactPage', () => {
  it('says it listens to its opener at the checked origin only', async () => {
    const { posted } = renderPage();
    await waitFor(() => expect(posted.length).toBeGreaterThan(0));
    expect(posted[0]).toEqual({ data: { type: CROSS_APP_ACTION.ready }, origin: ORIGIN });
    expect(posted.every((p) => p.origin === ORIGIN)).toBe(true);
  });

  it(
    'ignores a request from another origin or window, checks one from its opener',
    { timeout: 30_000 },
    async () => {
      const { posted, close, checks, deliver } = renderPage();
      await screen.findByText('Waiting for the request…');
      deliver(REQUEST, { origin: 'https://evil.example' });
      deliver(REQUEST, { source: window });
      deliver({ ...REQUEST, request: { method: 'eth_sign', params: [] } });
      await new Promise((r) => setTimeout(r, 50));
      expect(checks()).toEqual([]);

      deliver(REQUEST);
      await waitFor(() => expect(checks()).toHaveLength(1));
      const [check] = checks();
      expect(check).toMatchObject({
        method: 'POST',
        path: `/api/v1/apps/${APP_ID}/oidc/transact/check`,
        accessToken: 'token',
      });
      expect(check!.body).toEqual({
        client_id: 'requesterapp0000000000000',
        access_token: 'provider-access-token',
        address: WALLET,
      });
      // The server refused: the error goes to the opener at its origin, and the window closes.
      await waitFor(() => expect(close).toHaveBeenCalled());
      const answer = posted.find(
        (p) => (p.data as { type?: string }).type === CROSS_APP_ACTION.error,
      );
      expect(answer).toEqual({
        data: {
          type: CROSS_APP_ACTION.error,
          id: 'req-1',
          error: { code: 'cross_app_invalid_token', message: 'Transactions require a valid token' },
        },
        origin: ORIGIN,
      });
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Transactions require a valid token',
      );
    },
  );
});
