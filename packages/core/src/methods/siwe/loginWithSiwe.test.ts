/** The client half of SIWE: `api.siweInit`, `loginWithSiwe` and `linkWithSiwe` (spec section 7). */
import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { AlreadyLoggedInError } from '../../errors/session.ts';
import { APP_ID, accessToken, json, wireUser } from '../../test/fakes.ts';
import { NOW, setup } from '../../session/test/client.ts';
import { storageKeys } from '../../session/storage.ts';

const token = accessToken(NOW, 3500);
const walletWire = {
  type: 'wallet' as const,
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chain_type: 'ethereum' as const,
  chain_id: 'eip155:31337',
  wallet_client_type: 'metamask',
  connector_type: 'injected',
  recovery_method: null,
  imported: false,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
};
const body = {
  message: 'localhost wants you to sign in…',
  signature: '0xabc',
  chainId: 'eip155:31337',
  walletClientType: 'metamask',
  connectorType: 'injected',
};

describe('SIWE on the client', () => {
  it('gets a nonce, logs in with the signed message and stores the session', async () => {
    const { client, storage, calls, count } = setup({
      [`POST ${ROUTES.siweInit}`]: () => json({ nonce: 'abcdefgh12345678', expires_at: 1 }),
      [`POST ${ROUTES.siweAuthenticate}`]: () =>
        json({
          user: wireUser({ linked_accounts: [walletWire] }),
          token,
          refresh_token: 'refresh_1',
          session_update_action: 'set',
          is_new_user: true,
        }),
    });
    await client.initialize();
    expect(await client.api.siweInit({ address: walletWire.address })).toEqual({
      nonce: 'abcdefgh12345678',
      expires_at: 1,
    });
    const result = await client.loginWithSiwe(body);
    expect(calls.at(-1)!.body).toEqual(body);
    expect(result.isNewUser).toBe(true);
    expect(result.user.wallet).toMatchObject({
      address: walletWire.address,
      connectorType: 'injected',
    });
    expect(storage.getItem(storageKeys(APP_ID).token)).toBe(token);
    expect(client.getState().status).toBe('authenticated');
    await expect(client.loginWithSiwe(body)).rejects.toBeInstanceOf(AlreadyLoggedInError);
    expect(count(`POST ${ROUTES.siweAuthenticate}`)).toBe(1);
  });

  it('links with the bearer token and updates the user', async () => {
    const { client, calls } = setup({
      [`POST ${ROUTES.siweAuthenticate}`]: () =>
        json({
          user: wireUser(),
          token,
          refresh_token: 'refresh_1',
          session_update_action: 'set',
          is_new_user: false,
        }),
      [`POST ${ROUTES.siweLink}`]: () =>
        json({ user: wireUser({ linked_accounts: [walletWire] }) }),
    });
    await client.initialize();
    await client.loginWithSiwe(body);
    const user = await client.linkWithSiwe(body);
    expect(calls.at(-1)!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(user.linkedAccounts).toHaveLength(1);
    expect(client.getState().user).toBe(user);
  });
});
