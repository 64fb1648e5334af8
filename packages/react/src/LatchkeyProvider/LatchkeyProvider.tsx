import {
  createLatchkeyClient,
  createModalFlow,
  type LatchkeyClient,
  SCREEN,
  type ScreenName,
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
import { linkMethodOf, newLinkedAccount } from './linkMethod.ts';
import { useConfigFetch } from './useConfigFetch.ts';
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

/** The element focused now (where focus returns when the modal closes), or null. */
const focusedElement = () => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement ? active : null;
};

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
  const opener = useRef<HTMLElement | null>(null);
  useOAuthReturn(appId, client, flow);

  // The embedded wallet (issue 3): core's manager is loaded on first use.
  const [wallet] = useState(() =>
    createWalletController({
      client,
      getConfig: () => latestConfig.current.wallet,
      openScreen: (screen, params) => flow.openWallet({ screen, params }),
    }),
  );
  useWalletAutoConnect(session, wallet, open);
  const standalone = resolved.render.standalone;
  useTermsGate(flow, session, {
    requireTerms: resolved.legal.requireUsersAcceptTerms,
    open,
    standalone,
  });

  const authenticated = session.status === 'authenticated';
  const login = useCallback(() => {
    if (authenticated) {
      console.warn(`[latchkey] ${resolved.messages.alreadyLoggedIn}`);
      return;
    }
    if (resolved.render.standalone) return;
    opener.current = focusedElement();
    // Load the wallet frame while the user types, so the login's DPoP proof is ready (issue 10).
    client.prepareLogin?.();
    flow.openLogin();
  }, [authenticated, resolved, client, flow]);

  // Linking (issue 6; spec section 6, "linking needs login"): the modal opens on a link screen.
  const link = useCallback(
    (screen: ScreenName, params: ScreenParams = {}) => {
      if (!authenticated) {
        const message = resolved.messages.mustBeLoggedInToLink;
        console.warn(`[latchkey] ${message}`);
        flow.failLink({ code: 'must_be_authenticated', message });
        return false;
      }
      if (resolved.render.standalone) return false;
      opener.current = focusedElement();
      const method = linkMethodOf(screen, params);
      flow.openLink(
        { screen, params: { mode: 'link', ...params } },
        { method, before: client.getState().user },
      );
      return true;
    },
    [authenticated, resolved, client, flow],
  );

  // Connect-only mode (issue 4): the modal opens on the wallet list; no login, so closing it
  // reports nothing to `useLogin`.
  const connectWallet = useCallback(() => {
    if (resolved.render.standalone) return;
    opener.current = focusedElement();
    flow.openConnect({ screen: SCREEN.CONNECT_ONLY_LANDING_SCREEN, params: {} });
  }, [resolved, flow]);

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
    [open, start, flow],
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
