/**
 * `useFarcasterSigner` (issue 16): the hook unlocks the embedded wallet, opens
 * AWAITING_FARCASTER_SIGNER through the wallet controller's `prompt` and resolves with what the
 * screen settles; signs through the client; reads the approved key from the session.
 */
import {
  createWalletController,
  type FarcasterSignerState,
  LatchkeyError,
  SCREEN,
  type SessionState,
  type User,
  WalletError,
} from '@latchkey/core';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFarcasterSigner as fromIndex } from '../../index.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../../LatchkeyProvider/context.ts';
import type { ScreenParams } from '../../Modal/types.ts';
import { TEST_USER } from '../../test/fakeClient.ts';
import { renderWithClient } from '../../test/renderWithClient.tsx';
import { SCREENS } from '../../screens/registry.ts';
import FarcasterSigner from './screens/FarcasterSigner/FarcasterSigner.tsx';
import { useFarcasterSigner } from './useFarcasterSigner.ts';

const KEY = `0x${'ab'.repeat(32)}` as const;
const approved: FarcasterSignerState = { publicKey: KEY, status: 'approved', approvalUrl: null };

/** A session holding `user`, changeable as the client's is. */
function session(user: User | null) {
  let state: SessionState = { status: user ? 'authenticated' : 'unauthenticated', user };
  return {
    getState: () => state,
    set: (next: User | null) => {
      state = { status: next ? 'authenticated' : 'unauthenticated', user: next };
    },
  };
}

/** The hook under a provider context with a fake client and wallet controller. */
function renderSignerHook({
  user = TEST_USER as User | null,
  ready = vi.fn(async () => ({ ensureMfa })),
  ensureMfa = vi.fn(async () => {}),
  prompt = vi.fn(async () => approved as unknown),
  signFarcasterMessage = vi.fn(async () => ({ signature: '0xsig', publicKey: KEY })),
} = {}) {
  const s = session(user);
  const client = { getState: s.getState, signFarcasterMessage };
  const wallet = { ready, prompt };
  const value = { client, wallet } as unknown as LatchkeyContextValue;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>
  );
  const hook = renderHook(() => useFarcasterSigner(), { wrapper });
  return { ...hook, ready, ensureMfa, prompt, signFarcasterMessage, session: s };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useFarcasterSigner (issue 16)', () => {
  it('is public (the package index) and has its screen in the registry', () => {
    expect(fromIndex).toBe(useFarcasterSigner);
    expect(SCREENS[SCREEN.AWAITING_FARCASTER_SIGNER]).toBeTruthy();
    expect(SCREENS[SCREEN.AWAITING_FARCASTER_SIGNER]?.back).toBeUndefined();
  });

  it('requestFarcasterSigner connects and unlocks the wallet, then opens AWAITING_FARCASTER_SIGNER and resolves with its result', async () => {
    const order: string[] = [];
    const ensureMfa = vi.fn(async () => void order.push('ensureMfa'));
    const ready = vi.fn(async () => {
      order.push('ready');
      return { ensureMfa };
    });
    const prompt = vi.fn(async () => {
      order.push('prompt');
      return approved as unknown;
    });
    const { result } = renderSignerHook({ ready, ensureMfa, prompt });
    await expect(result.current.requestFarcasterSigner()).resolves.toEqual(approved);
    expect(order).toEqual(['ready', 'ensureMfa', 'prompt']);
    expect(prompt).toHaveBeenCalledWith(SCREEN.AWAITING_FARCASTER_SIGNER, { kind: 'method' });
  });

  it('opens nothing when the wallet cannot be used (logged out, no embedded wallet)', async () => {
    const loggedOut = new LatchkeyError('The user must be logged in to use the embedded wallet.', {
      code: 'missing_or_invalid_token',
    });
    const { result, prompt, signFarcasterMessage } = renderSignerHook({
      ready: vi.fn(async () => {
        throw loggedOut;
      }),
    });
    await expect(result.current.requestFarcasterSigner()).rejects.toBe(loggedOut);
    await expect(result.current.signFarcasterMessage(new Uint8Array(20))).rejects.toBe(loggedOut);
    expect(prompt).not.toHaveBeenCalled();
    expect(signFarcasterMessage).not.toHaveBeenCalled();

    const noWallet = new WalletError('User has no embedded wallet', { code: 'no_embedded_wallet' });
    const other = renderSignerHook({
      ready: vi.fn(async () => {
        throw noWallet;
      }),
    });
    await expect(other.result.current.requestFarcasterSigner()).rejects.toBe(noWallet);
    expect(other.prompt).not.toHaveBeenCalled();
  });

  it('signFarcasterMessage unlocks the wallet, then signs through the client', async () => {
    const { result, ensureMfa, signFarcasterMessage } = renderSignerHook();
    const hash = new Uint8Array(20).fill(7);
    await expect(result.current.signFarcasterMessage(hash)).resolves.toEqual({
      signature: '0xsig',
      publicKey: KEY,
    });
    expect(ensureMfa).toHaveBeenCalledTimes(1);
    expect(signFarcasterMessage).toHaveBeenCalledWith(hash);
  });

  it("getFarcasterSignerPublicKey reads the session's user as it is now", () => {
    const farcaster = {
      fid: 3,
      username: 'dwr',
      displayName: null,
      pfp: null,
      ownerAddress: null,
      signerPublicKey: null,
    };
    const { result, session: s } = renderSignerHook({ user: { ...TEST_USER, farcaster } });
    const read = result.current.getFarcasterSignerPublicKey;
    expect(read()).toBeNull();
    // No re-render: a key read right after `requestFarcasterSigner` resolved is the new one.
    s.set({ ...TEST_USER, farcaster: { ...farcaster, signerPublicKey: KEY } });
    expect(read()).toBe(KEY);
    s.set(null);
    expect(read()).toBeNull();
  });

  it('the request settles with what the screen settles (the real prompt): approved, or closed', async () => {
    vi.useFakeTimers();
    let opened: { screen: string; params: ScreenParams } | null = null;
    const controller = createWalletController({
      client: {} as never,
      getConfig: () => ({}) as never,
      openScreen: (s, params) => {
        opened = { screen: s, params };
      },
      load: async () => {
        throw new Error('not loaded in this test');
      },
    });
    const wallet = { ...controller, ready: async () => ({ ensureMfa: async () => {} }) };
    const value = {
      client: { getState: () => ({ status: 'authenticated', user: TEST_USER }) },
      wallet,
    } as unknown as LatchkeyContextValue;
    const { result } = renderHook(() => useFarcasterSigner(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>
      ),
    });
    const request = result.current.requestFarcasterSigner();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(opened!.screen).toBe(SCREEN.AWAITING_FARCASTER_SIGNER);
    renderWithClient(
      FarcasterSigner,
      { initFarcasterSigner: vi.fn(async () => approved) },
      { screen: 'AWAITING_FARCASTER_SIGNER', params: opened!.params },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Signer approved')).toBeTruthy();
    await expect(request).resolves.toEqual(approved);

    // The next request: the user closes the modal while the screen waits.
    const closed = result.current.requestFarcasterSigner();
    closed.catch(() => {});
    await act(() => vi.advanceTimersByTimeAsync(0));
    let onCancel: (() => unknown) | null = null;
    renderWithClient(
      FarcasterSigner,
      { initFarcasterSigner: () => new Promise(() => {}) },
      {
        screen: 'AWAITING_FARCASTER_SIGNER',
        params: opened!.params,
        setCancelHandler: (handler) => {
          onCancel = handler;
        },
      },
    );
    act(() => void onCancel?.());
    await expect(closed).rejects.toMatchObject({ code: 'exited_link_flow' });
  });
});
