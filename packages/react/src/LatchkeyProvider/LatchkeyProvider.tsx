import {
  createLatchkeyClient,
  createModalFlow,
  type LatchkeyClient,
  type SessionState,
  validateAppId,
  createWalletController,
} from '@latchkey/core';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { resolveConfig } from '../config/resolveConfig.ts';
import { useOAuthReturn } from '../methods/oauth/useOAuthReturn.ts';
import type { ScreenParams } from '../Modal/types.ts';
import { LatchkeyContext, type LatchkeyContextValue } from './context.ts';
import { newLinkedAccount } from './linkMethod.ts';
import { useConfigFetch } from './useConfigFetch.ts';
import { useModalOpeners } from './useModalOpeners.ts';
import { useTermsGate } from './useTermsGate.ts';
import { useWalletAutoConnect } from './useWalletAutoConnect.ts';

/** The modal and its screens are a separate chunk, fetched on the first `login()` (bundle budget). */
const LoginModal = lazy(() => import('../Modal/LoginModal.tsx'));

/** Props of {@link LatchkeyProvider}. */
export interface LatchkeyProviderProps {
  /** The app's id: a string of exactly 25 characters (spec section 5). */
  appId: string;
  /** Base URL of the Latchkey API, e.g. `'https://auth.example.com'`. */
  apiUrl: string;
  /** Client app config; wins over the server's app config (spec section 3). */
  config?: LatchkeyClientConfig;
  /**
   * A ready client instead of the one the provider would create (tests, or a host that
   * shares one client with non-React code). `appId` is still validated.
   */
  client?: LatchkeyClient;
  children?: ReactNode;
}

const SERVER_SNAPSHOT: SessionState = { status: 'loading', user: null };

/**
 * Gives its subtree a Latchkey session and the login modal.
 *
 * Creates one client (`createLatchkeyClient`), restores the session after mount
 * (`client.initialize()`), loads the server app config and merges `config` over it
 * (spec section 3). SSR-safe: render touches no `window`, `document` or storage; the
 * server renders `status: 'loading'`. Which flow the modal runs and how it ends is core's
 * `createModalFlow`; the OAuth return page, the terms gate and the wallet's auto-connect are hooks.
 *
 * @throws {InvalidAppIdError} synchronously, during render, when `appId` is not 25 characters
 *   ('Cannot initialize the Latchkey provider with an invalid Latchkey app ID').
 * @example
 * <LatchkeyProvider appId="clpispdty00ycl80fpueukbhl" apiUrl="https://auth.example.com"
 *   config={{ appearance: { theme: 'dark', accentColor: '#0ea5e9' } }}>
 *   <App />
 * </LatchkeyProvider>
 */
export function LatchkeyProvider({
  appId,
  apiUrl,
  config,
  client: givenClient,
  children,
}: LatchkeyProviderProps) {
  validateAppId(appId);
  const [client] = useState(
    () =>
      givenClient ??
      createLatchkeyClient({
        appId,
        apiUrl,
        // A lazy chunk: @simplewebauthn/browser loads on the first passkey ceremony.
        passkeys: () => import('@latchkey/core/passkey'),
        oauth: () => import('@latchkey/core/oauth'),
        // Issue 10: logins carry the wallet frame's DPoP proof (a small chunk, no viem).
        walletFrame: () => import('@latchkey/core/wallet-bridge'),
      }),
  );
  const subscribe = useCallback((onChange: () => void) => client.subscribe(onChange), [client]);
  const getState = useCallback(() => client.getState(), [client]);
  const session = useSyncExternalStore(subscribe, getState, () => SERVER_SNAPSHOT);
  const { serverConfig, serverChains } = useConfigFetch(client);
  const resolved = useMemo(
    () =>
      resolveConfig(
        appId,
        config,
        serverChains ? { ...serverConfig, chains: serverChains } : serverConfig,
        apiUrl,
      ),
    [appId, config, serverConfig, serverChains, apiUrl],
  );
  const latestConfig = useRef(resolved);
  latestConfig.current = resolved;

  // Which flow the modal runs (login, link, connect, wallet, consent) and whom it reports to.
  const [flow] = useState(() =>
    createModalFlow<ScreenParams>({
      exitedLinkFlowMessage: () => latestConfig.current.messages.exitedLinkFlow,
      linkedAccount: newLinkedAccount,
    }),
  );
  const { open, start, requested } = useSyncExternalStore(
    flow.subscribe,
    flow.getState,
    flow.getState,
  );
  useOAuthReturn(appId, client, flow);

  // The embedded wallet (issue 3): core's manager is loaded on first use.
  const [wallet] = useState(() =>
    createWalletController({
      client,
      getConfig: () => latestConfig.current.wallet,
      openScreen: (screen, params) => flow.openWallet({ screen, params }),
      load: () => import('@latchkey/core/embedded-wallet'),
    }),
  );
  useWalletAutoConnect(session, wallet, open);
  const standalone = resolved.render.standalone;
  useTermsGate(flow, session, {
    requireTerms: resolved.legal.requireUsersAcceptTerms,
    open,
    standalone,
  });

  const { login, link, connectWallet, opener } = useModalOpeners(client, flow, session, resolved);

  const modal = useMemo<LatchkeyContextValue['modal']>(
    () => ({
      open,
      start,
      opener,
      close: flow.close,
      complete: flow.complete,
      fail: flow.fail,
      completeLink: flow.completeLink,
    }),
    [open, start, opener, flow],
  );

  const value = useMemo<LatchkeyContextValue>(
    () => ({
      client,
      config: resolved,
      session,
      login,
      logout: () => client.logout(),
      getAccessToken: () => client.getAccessToken(),
      addLoginListeners: flow.addLoginListeners,
      link,
      addLinkListeners: flow.addLinkListeners,
      modal,
      wallet,
      connectWallet,
    }),
    [client, resolved, session, login, flow, link, modal, wallet, connectWallet],
  );

  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {requested && !standalone && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </LatchkeyContext.Provider>
  );
}
