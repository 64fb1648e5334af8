import type { LatchkeyClient, SessionState, WalletController } from '@latchkey/core';
import type {
  EmbeddedSolanaWallet,
  SolanaWalletController,
  SolanaWalletState,
} from '@latchkey/core/solana';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSolanaWallets } from '../hooks/useSolanaWallets.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import { DEFAULT_SOLANA_CLUSTERS } from '../config/walletConfig.ts';
import { createSolanaWallets } from './solanaWallets.ts';
import { useSolanaAutoConnect } from './useSolanaAutoConnect.ts';

afterEach(() => cleanup());

const SOL = '9wXkq3bZ5rS7uXW1GvYgqJ3d7yq2cUZ4A8r6Yb1kP4Xz';
const now = new Date(0);

function session(solana: boolean): SessionState {
  return {
    status: 'authenticated',
    user: {
      id: 'user_1',
      createdAt: now,
      mfaMethods: [],
      hasAcceptedTerms: true,
      isGuest: false,
      linkedAccounts: solana
        ? [
            {
              type: 'wallet',
              address: SOL,
              chainType: 'solana',
              chainId: null,
              walletClientType: 'latchkey',
              connectorType: 'embedded',
              recoveryMethod: 'latchkey',
              imported: false,
              verifiedAt: now,
              firstVerifiedAt: now,
              latestVerifiedAt: now,
            },
          ]
        : [],
    },
  } as unknown as SessionState;
}

/** A fake core Solana manager behind the provider's lazy holder. */
function setup() {
  const wallet = { address: SOL, chainType: 'solana' } as EmbeddedSolanaWallet;
  let state: SolanaWalletState = { status: 'idle', wallet: null, deviceStorage: null, error: null };
  const listeners = new Set<(s: SolanaWalletState) => void>();
  const publish = (next: Partial<SolanaWalletState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l(state);
  };
  const manager = {
    getState: () => state,
    subscribe: (l: (s: SolanaWalletState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    connect: vi.fn(async () => {
      publish({ status: 'connected', wallet });
      return wallet;
    }),
    create: vi.fn(async () => {
      publish({ status: 'creating' });
      await Promise.resolve();
      publish({ status: 'connected', wallet });
      return wallet;
    }),
  } as unknown as SolanaWalletController & {
    connect: ReturnType<typeof vi.fn>;
    create: ReturnType<typeof vi.fn>;
  };
  const createSolanaWalletController = vi.fn(() => manager);
  const solana = createSolanaWallets({
    client: {} as LatchkeyClient,
    wallet: {} as WalletController,
    getConfig: () => ({ solanaClusters: [...DEFAULT_SOLANA_CLUSTERS], noPromptOnSignature: false }),
    load: async () => ({ createSolanaWalletController }),
  });
  const wrapper = (current: SessionState) =>
    function Wrapper({ children }: { children: ReactNode }) {
      const value = { session: current, solana } as unknown as LatchkeyContextValue;
      return <LatchkeyContext.Provider value={value}>{children}</LatchkeyContext.Provider>;
    };
  return { solana, manager, wallet, wrapper, createSolanaWalletController };
}

/** The Ethereum wallet controller's state, as useSolanaAutoConnect watches it. */
function ethereumWallet(initial: string) {
  let status = initial;
  const listeners = new Set<() => void>();
  const controller = {
    getState: () => ({ status }),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as Pick<WalletController, 'subscribe' | 'getState'>;
  return {
    controller,
    set(next: string) {
      status = next;
      for (const l of listeners) l();
    },
  };
}

/** `session(true)` whose user also has an Ethereum embedded wallet. */
function withEthereumWallet(state: SessionState): SessionState {
  const user = state.user!;
  return {
    ...state,
    user: {
      ...user,
      linkedAccounts: [
        {
          ...user.linkedAccounts[0]!,
          address: '0x1111111111111111111111111111111111111111',
          chainType: 'ethereum',
        },
        ...user.linkedAccounts,
      ],
    },
  } as SessionState;
}

describe('useSolanaWallets (issue 22 item 2)', () => {
  it('creates the wallet, loading the Solana entry on demand, and lists it', async () => {
    const { wrapper, manager, wallet, createSolanaWalletController } = setup();
    const { result } = renderHook(() => useSolanaWallets(), { wrapper: wrapper(session(false)) });
    // A user without a Solana wallet: ready at once, nothing loaded.
    expect(result.current.ready).toBe(true);
    expect(result.current.wallets).toEqual([]);
    expect(createSolanaWalletController).not.toHaveBeenCalled();
    let created: EmbeddedSolanaWallet | undefined;
    await act(async () => {
      created = await result.current.createWallet();
    });
    expect(created).toBe(wallet);
    expect(manager.create).toHaveBeenCalledTimes(1);
    expect(result.current.wallets).toEqual([wallet]);
    expect(result.current.ready).toBe(true);
  });

  it('a logged-out createWallet is refused with missing_or_invalid_token', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useSolanaWallets(), {
      wrapper: wrapper({ status: 'unauthenticated', user: null } as unknown as SessionState),
    });
    await expect(result.current.createWallet()).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
  });

  it('a user with a Solana wallet is connected on login; not ready until then', async () => {
    const { wrapper, manager, wallet, solana } = setup();
    const current = session(true);
    function Host() {
      useSolanaAutoConnect(current, solana, ethereumWallet('idle').controller);
      return null;
    }
    const { result } = renderHook(() => useSolanaWallets(), { wrapper: wrapper(current) });
    expect(result.current.ready).toBe(false);
    render(<Host />);
    await waitFor(() => expect(result.current.wallets).toEqual([wallet]));
    expect(manager.connect).toHaveBeenCalledTimes(1);
    expect(result.current.ready).toBe(true);
  });

  it("waits for the user's Ethereum wallet to settle before connecting (their recoveries would race)", async () => {
    const { wrapper, manager, wallet, solana } = setup();
    const current = withEthereumWallet(session(true));
    const ethereum = ethereumWallet('connecting');
    function Host() {
      useSolanaAutoConnect(current, solana, ethereum.controller);
      return null;
    }
    const { result } = renderHook(() => useSolanaWallets(), { wrapper: wrapper(current) });
    render(<Host />);
    await new Promise((r) => setTimeout(r, 50));
    expect(manager.connect).not.toHaveBeenCalled();
    act(() => ethereum.set('connected'));
    await waitFor(() => expect(result.current.wallets).toEqual([wallet]));
    expect(manager.connect).toHaveBeenCalledTimes(1);
  });
});
