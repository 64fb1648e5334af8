/**
 * The Farcaster method's UI (issue 16): the login list draws the entry from the registries,
 * clicking it goes through the captcha gate to AWAITING_FARCASTER_CONNECTION, the screen
 * registry has that screen, `useLinkAccount` gains `linkFarcaster` and `useUnlinkAccount`
 * `unlinkFarcaster`; and the screen driven by the real client's polling (core on a scripted
 * `fetch`, fake timers).
 */
import { ROUTES } from '@latchkey/api';
import {
  createLatchkeyClient,
  type LatchkeyClient,
  memoryStorage,
  SCREEN,
  type User,
} from '@latchkey/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginList } from '../../components/LoginList/LoginList.tsx';
import { resolveConfig } from '../../config/resolveConfig.ts';
import { methodLinkActions, methodUnlinkActions } from '../../hooks/methodActions.ts';
import { SCREENS } from '../../screens/registry.ts';
import { APP_ID } from '../../test/fakeClient.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { renderWithClient } from '../../test/renderWithClient.tsx';
import { methodUiOf } from '../index.ts';
import { farcasterUi } from './index.ts';
import { farcasterLink } from './link.ts';
import FarcasterConnect from './screens/FarcasterConnect/FarcasterConnect.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('the Farcaster method (issue 16)', () => {
  it('is the registered UI module of the farcaster login item', () => {
    expect(methodUiOf('farcaster')).toBe(farcasterUi);
  });

  it("draws 'Farcaster' with its logo; a click opens its screen with the gate's captcha token", () => {
    const config = resolveConfig(
      APP_ID,
      { loginMethods: ['email', 'farcaster'] },
      { name: 'Acme' },
    );
    const withCaptcha = vi.fn((run: (token?: string) => void) => run('cap'));
    const { value } = renderScreen(<LoginList />, {
      config,
      messages: config.messages,
      withCaptcha,
    });
    const button = screen.getByRole('button', { name: /Farcaster/ });
    expect(button.querySelector('[data-brand="farcaster"]')).toBeTruthy();
    fireEvent.click(button);
    expect(withCaptcha).toHaveBeenCalledTimes(1);
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.AWAITING_FARCASTER_CONNECTION, {
      method: 'Farcaster',
      captchaToken: 'cap',
    });
  });

  it("gives the provider's client the signer's lazy half (@latchkey/core/farcaster-signer)", async () => {
    const load = farcasterLink.loaders?.farcasterSigner;
    expect(load).toBeTypeOf('function');
    expect((await load!()).signer).toBeTypeOf('function');
  });

  it('has its screen in the modal registry, with Back to the landing', () => {
    expect(SCREENS[SCREEN.AWAITING_FARCASTER_CONNECTION]?.back).toBe(SCREEN.LANDING);
  });

  it('useLinkAccount().linkFarcaster opens the screen in link mode', () => {
    const link = vi.fn(() => true);
    const client = {} as LatchkeyClient;
    methodLinkActions({ client, link, authenticated: true }).linkFarcaster();
    expect(link).toHaveBeenCalledWith(SCREEN.AWAITING_FARCASTER_CONNECTION, {
      mode: 'link',
      method: 'Farcaster',
    });
  });

  it('useUnlinkAccount().unlinkFarcaster calls the client with the fid', async () => {
    const user = { id: 'user_1' } as User;
    const unlinkFarcaster = vi.fn(async () => user);
    const actions = methodUnlinkActions({ unlinkFarcaster } as unknown as LatchkeyClient);
    await expect(actions.unlinkFarcaster(3)).resolves.toBe(user);
    expect(unlinkFarcaster).toHaveBeenCalledWith(3);
  });
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = 1_800_000_000_000;
const token = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ aud: APP_ID, sub: 'user_1', sid: 's1', exp: NOW / 1000 + 3600 })}.c2ln`;
const wireUser = {
  id: 'user_1',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'farcaster',
      fid: '3',
      owner_address: null,
      username: 'dwr',
      display_name: 'Dan',
      bio: null,
      profile_picture_url: null,
      signer_public_key: null,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
};

describe('AWAITING_FARCASTER_CONNECTION on the real client (core polls every 2 s)', () => {
  it('waits with the QR code while pending, then verifies, connects and finishes the login', async () => {
    vi.useFakeTimers();
    const statuses = [
      { state: 'pending' },
      { state: 'pending' },
      {
        state: 'completed',
        fid: 3,
        username: 'dwr',
        display_name: 'Dan',
        profile_picture_url: null,
      },
    ];
    const paths: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      paths.push(path);
      const body =
        path === ROUTES.farcasterInit
          ? {
              channel_token: 'channel-0001',
              connect_uri: 'https://farcaster.xyz/~/siwf?channelToken=channel-0001',
              expires_at: NOW / 1000 + 300,
            }
          : path === ROUTES.farcasterStatus
            ? statuses.shift()
            : path === ROUTES.farcasterAuthenticate
              ? {
                  user: wireUser,
                  token,
                  refresh_token: 'r',
                  session_update_action: 'set',
                  is_new_user: true,
                }
              : { error: 'Not found', code: 'not_found' };
      return new Response(JSON.stringify(body), {
        status: body && 'code' in body ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = createLatchkeyClient({
      appId: APP_ID,
      apiUrl: 'http://api.test',
      fetch: fetch as typeof globalThis.fetch,
      storage: memoryStorage(),
      now: () => NOW,
      locks: null,
      storageEvents: null,
    });
    const { container, value } = renderWithClient(FarcasterConnect, client, {
      screen: 'AWAITING_FARCASTER_CONNECTION',
      params: {},
    });
    const step = () =>
      container.querySelector('[data-farcaster-step]')!.getAttribute('data-farcaster-step');
    const run = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await run(0);
    expect(step()).toBe('waiting');
    expect(screen.getByTestId('farcaster-qr').getAttribute('data-connect-uri')).toContain(
      'channel-0001',
    );
    await run(4_000);
    expect(paths.filter((p) => p === ROUTES.farcasterStatus)).toHaveLength(2);
    expect(step()).toBe('waiting');
    await run(2_000);
    expect(paths.filter((p) => p === ROUTES.farcasterStatus)).toHaveLength(3);
    expect(paths.filter((p) => p === ROUTES.farcasterAuthenticate)).toHaveLength(1);
    expect(step()).toBe('connected');
    expect(client.getState()).toMatchObject({ status: 'authenticated' });
    expect(value.finishLogin).not.toHaveBeenCalled();
    await run(1_400);
    expect(value.finishLogin).toHaveBeenCalledTimes(1);
    expect(vi.mocked(value.finishLogin).mock.calls[0]![0].user.farcaster).toMatchObject({
      fid: 3,
      username: 'dwr',
    });
  });
});
