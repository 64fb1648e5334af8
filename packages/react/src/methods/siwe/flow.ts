import {
  createWalletConnectionFlow,
  type CreateSiweMessage,
  type LatchkeyClient,
  type WalletConnectionFlow,
  type WalletConnectionState,
} from '@latchkey/core';
import { useSyncExternalStore } from 'react';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';

/** One wallet connection flow per client and mode, kept while the page lives, so
 * LOGIN_FAILED_SCREEN's 'Try again' retries the same attempt (spec section 4: up to 2 retries). */
const flows = new WeakMap<LatchkeyClient, Map<string, WalletConnectionFlow>>();

/** Parameters of {@link walletConnectionFlowFor}. */
export interface WalletConnectionFlowForParameters {
  client: LatchkeyClient;
  /** 'login' (SIWE authenticate), 'link' (SIWE link to the logged-in user; issue 6), 'connect-only'. */
  mode: 'login' | 'link' | 'connect-only';
  config: ResolvedConfig;
  createSiweMessage: CreateSiweMessage;
  onComplete: Parameters<typeof createWalletConnectionFlow>[1]['onComplete'];
}

const isMobile = () =>
  typeof navigator !== 'undefined' && /android|iphone|ipad|ipod|mobile/i.test(navigator.userAgent);

/** The flow of `client` in `mode`, created on first use. `onComplete` is updated on every call. */
export function walletConnectionFlowFor(
  p: WalletConnectionFlowForParameters,
): WalletConnectionFlow {
  let byMode = flows.get(p.client);
  if (!byMode) {
    byMode = new Map();
    flows.set(p.client, byMode);
  }
  const latest = completions.get(p.client) ?? new Map<string, typeof p.onComplete>();
  completions.set(p.client, latest);
  if (p.onComplete) latest.set(p.mode, p.onComplete);
  let flow = byMode.get(p.mode);
  if (!flow) {
    // The default chain first: a wallet elsewhere is switched to it.
    const { defaultChain, supportedChains } = p.config.wallet;
    const chainIds = [defaultChain.id, ...supportedChains.map((c) => c.id)].filter(
      (id, i, all) => all.indexOf(id) === i,
    );
    flow = createWalletConnectionFlow(p.client, {
      mode: p.mode,
      createSiweMessage: p.createSiweMessage,
      domain: window.location.host,
      uri: window.location.origin,
      supportedChainIds: chainIds,
      isMobile: isMobile(),
      messages: p.config.messages,
      onComplete: (result) => latest.get(p.mode)?.(result),
    });
    byMode.set(p.mode, flow);
  }
  return flow;
}
const completions = new WeakMap<
  LatchkeyClient,
  Map<string, WalletConnectionFlowForParameters['onComplete']>
>();

/** The flow's state, re-rendering on change. */
export function useWalletConnectionState(flow: WalletConnectionFlow): WalletConnectionState {
  return useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
}
