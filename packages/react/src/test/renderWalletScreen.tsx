import {
  createPasswordlessFlow,
  type EmbeddedWalletManager,
  type EmbeddedWalletState,
  SCREEN,
} from '@latchkey/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { resolveConfig } from '../config/resolveConfig.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyProvider/context.ts';
import { ModalContext, type ModalContextValue } from '../Modal/ModalContext.ts';
import type { ScreenParams } from '../Modal/types.ts';
import type { WalletPromptParams, WalletScreenParams } from '@latchkey/core';
import { createWalletController } from '@latchkey/core';
import { createFakeApprovalMount } from './fakeApproval.ts';
import { APP_ID, createFakeClient, TEST_USER } from './fakeClient.ts';
import { createFakeCloudMount } from './fakeCloudFrame.ts';
import { createFakePasswordMount } from './fakePasswordFrame.ts';

afterEach(() => {
  cleanup();
});

export const WALLET_ADDRESS = '0x1111111111111111111111111111111111111111';

/** A fake EIP-1193 provider: answers reads from `rpc` and records every request. */
export function createFakeProvider(
  rpc: Record<string, unknown | ((params: unknown) => unknown)> = {},
) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = rpc[method];
    if (typeof answer === 'function') return (answer as (p: unknown) => unknown)(params);
    if (answer instanceof Error) throw answer;
    if (answer !== undefined) return answer;
    throw new Error(`unexpected ${method}`);
  });
  // The provider's filled transaction for the approval page (issue 24): nonce, gas and fees.
  const fillTransaction = vi.fn(async (tx: Record<string, unknown>) => ({
    nonce: '0x0',
    gas: '0x5208',
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x0',
    type: '0x2',
    ...tx,
    from: WALLET_ADDRESS,
  }));
  return { request, fillTransaction, on: vi.fn(), removeListener: vi.fn(), chainId: 31337 };
}

/** A fake core manager, connected, with spies. */
export function createFakeManager(provider = createFakeProvider()) {
  let state: EmbeddedWalletState = {
    status: 'connected',
    address: WALLET_ADDRESS,
    recoveryMethod: 'latchkey',
    deviceStorage: 'local',
    error: null,
  };
  const listeners = new Set<(s: EmbeddedWalletState) => void>();
  const approval = createFakeApprovalMount();
  const password = createFakePasswordMount();
  const cloud = createFakeCloudMount();
  const manager = {
    getState: () => state,
    subscribe: (l: (s: EmbeddedWalletState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    create: vi.fn(async () => ({ address: WALLET_ADDRESS, user: TEST_USER })),
    connect: vi.fn(async () => ({ status: 'connected' as const, address: WALLET_ADDRESS })),
    recover: vi.fn(async () => ({ address: WALLET_ADDRESS })),
    getProvider: () => provider,
    setApprover: vi.fn(),
    setNoPrompt: vi.fn(),
    /** Issue 15: the MFA check before a visible frame page (a user without MFA: at once). */
    ensureMfa: vi.fn(async () => {}),
    /** The approval frames the screens mounted (issue 24); the test plays the frame. */
    approvals: approval.mounts,
    mountApproval: approval.mountApproval,
    /** The password frames the screens mounted (issue 24); the test plays the frame. */
    passwords: password.mounts,
    mountPassword: password.mountPassword,
    /** The cloud recovery frames the screens mounted (issue 23); the test plays the frame. */
    clouds: cloud.mounts,
    mountCloud: cloud.mountCloud,
    destroy: vi.fn(),
    bridge: {},
    set(patch: Partial<EmbeddedWalletState>) {
      state = { ...state, ...patch };
      for (const l of [...listeners]) l(state);
    },
  };
  return manager as unknown as EmbeddedWalletManager & typeof manager;
}

/**
 * Renders one wallet screen with a fake client, a fake manager behind the real
 * `WalletController`, and a hand-made modal context whose `requestClose` runs the screen's
 * cancel handler (like the modal's graceful close path).
 */
export function renderWalletScreen(
  ui: ReactElement,
  wallet: WalletPromptParams,
  options: {
    config?: LatchkeyClientConfig;
    manager?: ReturnType<typeof createFakeManager>;
    /** More screen params beside `wallet` (e.g. the on-ramp status screen's `onRamp`). */
    params?: Omit<ScreenParams, 'wallet'>;
    /** Answers the client's API requests instead of the fake's default. */
    apiRequest?: (parameters: { method: string; path: string; body?: unknown }) => Promise<unknown>;
  } = {},
) {
  const fake = createFakeClient({ initialStatus: 'authenticated' });
  if (options.apiRequest) fake.client.api.request.mockImplementation(options.apiRequest as never);
  const manager = options.manager ?? createFakeManager();
  const config = resolveConfig(APP_ID, options.config, { name: 'Acme' }, 'http://localhost:8787');
  const controller = createWalletController({
    client: fake.client,
    getConfig: () => config.wallet,
    openScreen: vi.fn(),
    load: async () => ({ createEmbeddedWalletManager: () => manager }),
  });
  const resolve = vi.fn();
  const reject = vi.fn();
  let cancel: (() => void) | null = null;
  const closed = vi.fn();
  const modal: ModalContextValue = {
    screen: SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN,
    params: { ...options.params, wallet: { ...wallet, resolve, reject } as WalletScreenParams },
    navigate: vi.fn(),
    config,
    messages: config.messages,
    titleId: 'lk-title',
    passwordless: createPasswordlessFlow(fake.client),
    complete: vi.fn(),
    completeLink: vi.fn(),
    fail: vi.fn(),
    finishLogin: vi.fn(),
    exit: vi.fn(),
    withCaptcha: vi.fn((run: (token?: string) => Promise<void> | void) => run()),
    captcha: null,
    requestClose: () => {
      const handler = cancel;
      cancel = null;
      handler?.();
      closed();
    },
    setCancelHandler: (handler) => {
      cancel = handler;
    },
    setBackHandler: vi.fn(),
  };
  const latchkey = {
    client: fake.client,
    config,
    session: fake.client.getState(),
    wallet: controller,
  } as unknown as LatchkeyContextValue;
  const view = render(
    <LatchkeyContext.Provider value={latchkey}>
      <ModalContext.Provider value={modal}>{ui}</ModalContext.Provider>
    </LatchkeyContext.Provider>,
  );
  return { ...view, manager, controller, resolve, reject, closed, modal, client: fake.client };
}
