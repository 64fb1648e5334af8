import { type ChainsResponse, ROUTES } from '@latchkey/api';
import {
  createLatchkeyClient,
  hasEmbeddedWallet,
  type LatchkeyClient,
  SCREEN,
  type ScreenName,
  type SessionState,
  type User,
  validateAppId,
} from '@latchkey/core';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { LatchkeyClientConfig } from '../config/config.ts';
import { resolveConfig, type ServerConfigInput } from '../config/resolveConfig.ts';
import type { ScreenParams } from '../Modal/ModalContext.ts';
import { createWalletController } from '../wallet/walletController.ts';
import {
  LatchkeyContext,
  type LatchkeyContextValue,
  type LinkListeners,
  type LoginFailure,
  type LoginListeners,
} from './context.ts';
import { linkMethodOf, newLinkedAccount } from './linkMethod.ts';

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
 * server renders `status: 'loading'`.
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
  const [serverConfig, setServerConfig] = useState<ServerConfigInput | null>(null);
  const [serverChains, setServerChains] = useState<ChainsResponse['chains'] | null>(null);
  /** The screen the modal opens on (a wallet screen), or null for LANDING (`login()`). */
  const [start, setStart] = useState<{ screen: ScreenName; params: ScreenParams } | null>(null);
  const [modalRequested, setModalRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const listeners = useRef(new Set<LoginListeners>());
  const opener = useRef<HTMLElement | null>(null);
  const completed = useRef(false);
  const linkListeners = useRef(new Set<LinkListeners>());
  /**
   * The flow the open modal runs: a login (LANDING, reports to `useLogin`) or a link (reports to
   * `useLinkAccount`, with the method and the user as it was when the link started).
   */
  const flow = useRef<{ kind: 'login' } | { kind: 'link'; method: string; before: User | null }>({
    kind: 'login',
  });

  // The OAuth return page (issue 5): `latchkey_oauth_*` are read on load and stripped from the
  // URL. In the provider's popup they go to the opener and the popup closes; after a full-page
  // redirect the login completes here, on AWAITING_OAUTH_SCREEN.
  useEffect(() => {
    if (typeof window === 'undefined' || !window.location.search.includes('latchkey_oauth_'))
      return;
    let live = true;
    void import('@latchkey/core/oauth').then((oauth) => {
      const returned = oauth.readOAuthReturn(window.location.href);
      if (!live || !returned) return;
      const clean = oauth.stripOAuthReturn(window.location.href);
      window.history.replaceState(window.history.state, '', clean);
      if (oauth.forwardOAuthReturnToOpener(appId, returned)) return;
      completed.current = false;
      // A link that fell back to a full-page redirect (issue 6) finishes as a link.
      const linking = oauth.readPendingOAuth(appId)?.purpose === 'link';
      flow.current = linking
        ? { kind: 'link', method: returned.provider ?? 'oauth', before: client.getState().user }
        : { kind: 'login' };
      setStart({
        screen: SCREEN.AWAITING_OAUTH_SCREEN,
        params: {
          ...(linking ? { mode: 'link' as const } : {}),
          oauth: { provider: returned.provider, returned },
        },
      });
      setModalRequested(true);
      setOpen(true);
    });
    return () => {
      live = false;
    };
  }, [appId, client]);

  useEffect(() => {
    let live = true;
    client.initialize().catch((error: unknown) => {
      console.warn('[latchkey] could not restore the session', error);
    });
    client
      .getAppConfig()
      .then((appConfig) => {
        if (live) setServerConfig(appConfig as ServerConfigInput);
      })
      .catch((error: unknown) => {
        console.warn('[latchkey] could not load the app config; using the client config', error);
      });
    // The server's chain info (issue 3): the default `supportedChains`. Optional.
    client.api
      .request<ChainsResponse>({ method: 'GET', path: ROUTES.chains })
      .then((answer) => {
        if (live && Array.isArray(answer?.chains)) setServerChains(answer.chains);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client]);

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

  // The embedded wallet (issue 3): core's manager is loaded on first use.
  const [wallet] = useState(() =>
    createWalletController({
      client,
      getConfig: () => latestConfig.current.wallet,
      openScreen: (screen, params) => {
        completed.current = true; // a wallet screen is not a login: closing reports no login error
        setStart({ screen, params });
        setModalRequested(true);
        setOpen(true);
      },
    }),
  );
  const walletStatus = useSyncExternalStore(
    wallet.subscribe,
    () => wallet.getState().status,
    () => 'idle' as const,
  );
  // Connect the embedded wallet after login and on reload; forget it on logout.
  useEffect(() => {
    if (session.status === 'unauthenticated') {
      wallet.reset();
      return;
    }
    if (session.status !== 'authenticated' || !hasEmbeddedWallet(session.user)) return;
    // Wait for a login in progress to finish (its modal closes) before any recovery screen.
    if (walletStatus !== 'idle' || open) return;
    void (async () => {
      try {
        const manager = await wallet.manager();
        if (manager.getState().status !== 'idle') return;
        const result = await manager.connect();
        if (result.status === 'needs-recovery') {
          await wallet.prompt(SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN, { kind: 'recover' });
        }
      } catch (error) {
        console.warn('[latchkey] could not connect the embedded wallet', error);
      }
    })();
  }, [session, wallet, walletStatus, open]);

  const authenticated = session.status === 'authenticated';
  const login = useCallback(() => {
    if (authenticated) {
      console.warn(`[latchkey] ${resolved.messages.alreadyLoggedIn}`);
      return;
    }
    if (resolved.render.standalone) return;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement ? active : null;
    completed.current = false;
    flow.current = { kind: 'login' };
    // Load the wallet frame while the user types, so the login's DPoP proof is ready (issue 10).
    client.prepareLogin?.();
    setStart(null);
    setModalRequested(true);
    setOpen(true);
  }, [authenticated, resolved, client]);

  const emitLinkError = useCallback((error: LoginFailure) => {
    for (const l of linkListeners.current) l.onError?.(error);
  }, []);

  // Linking (issue 6; spec section 6, "linking needs login"): the modal opens on a link screen.
  const link = useCallback(
    (screen: ScreenName, params: ScreenParams = {}) => {
      if (!authenticated) {
        const message = resolved.messages.mustBeLoggedInToLink;
        console.warn(`[latchkey] ${message}`);
        emitLinkError({ code: 'must_be_authenticated', message });
        return false;
      }
      if (resolved.render.standalone) return false;
      const active = typeof document === 'undefined' ? null : document.activeElement;
      opener.current = active instanceof HTMLElement ? active : null;
      completed.current = false;
      flow.current = {
        kind: 'link',
        method: linkMethodOf(screen, params),
        before: client.getState().user,
      };
      setStart({ screen, params: { mode: 'link', ...params } });
      setModalRequested(true);
      setOpen(true);
      return true;
    },
    [authenticated, resolved, emitLinkError, client],
  );

  // Terms (issue 6): a restored session whose user has not accepted the required terms opens
  // AFFIRMATIVE_CONSENT_SCREEN (a fresh login shows it inside the login flow). Once per user.
  const consentShownFor = useRef<string | null>(null);
  const requireTerms = resolved.legal.requireUsersAcceptTerms;
  useEffect(() => {
    const user = session.user;
    if (session.status !== 'authenticated' || !user || !requireTerms || user.hasAcceptedTerms)
      return;
    if (open || consentShownFor.current === user.id || resolved.render.standalone) return;
    consentShownFor.current = user.id;
    completed.current = true; // consent is not a login: closing it reports no login error
    flow.current = { kind: 'login' };
    setStart({
      screen: SCREEN.AFFIRMATIVE_CONSENT_SCREEN,
      params: { login: { user, isNewUser: false } },
    });
    setModalRequested(true);
    setOpen(true);
  }, [session, requireTerms, open, resolved.render.standalone]);

  // Connect-only mode (issue 4): the modal opens on the wallet list; no login, so closing it
  // reports nothing to `useLogin`.
  const connectWallet = useCallback(() => {
    if (resolved.render.standalone) return;
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement ? active : null;
    completed.current = true;
    setStart({ screen: SCREEN.CONNECT_ONLY_LANDING_SCREEN, params: {} });
    setModalRequested(true);
    setOpen(true);
  }, [resolved]);

  const addLoginListeners = useCallback((l: LoginListeners) => {
    listeners.current.add(l);
    return () => {
      listeners.current.delete(l);
    };
  }, []);

  const addLinkListeners = useCallback((l: LinkListeners) => {
    linkListeners.current.add(l);
    return () => {
      linkListeners.current.delete(l);
    };
  }, []);

  const emitError = useCallback((error: LoginFailure) => {
    for (const l of listeners.current) l.onError?.(error);
  }, []);

  const modal = useMemo<LatchkeyContextValue['modal']>(
    () => ({
      open,
      start,
      opener,
      close: (failure) => {
        setOpen(false);
        if (!completed.current) {
          completed.current = true;
          if (flow.current.kind === 'link')
            emitLinkError({ code: 'exited_link_flow', message: resolved.messages.exitedLinkFlow });
          else
            emitError(
              failure ?? { code: 'exited_auth_flow', message: 'The user closed the login modal' },
            );
        }
      },
      complete: ({ user, isNewUser }) => {
        completed.current = true;
        setOpen(false);
        for (const l of listeners.current) l.onComplete?.({ user, isNewUser });
      },
      fail: (error) => (flow.current.kind === 'link' ? emitLinkError(error) : emitError(error)),
      completeLink: (user) => {
        completed.current = true;
        setOpen(false);
        const current = flow.current;
        const method = current.kind === 'link' ? current.method : 'unknown';
        const before = current.kind === 'link' ? current.before : null;
        const linkedAccount = newLinkedAccount(before, user, method);
        for (const l of linkListeners.current)
          l.onSuccess?.({ user, linkMethod: method, linkedAccount });
      },
    }),
    [open, start, emitError, emitLinkError, resolved.messages.exitedLinkFlow],
  );

  const value = useMemo<LatchkeyContextValue>(
    () => ({
      client,
      config: resolved,
      session,
      login,
      logout: () => client.logout(),
      getAccessToken: () => client.getAccessToken(),
      addLoginListeners,
      link,
      addLinkListeners,
      modal,
      wallet,
      connectWallet,
    }),
    [
      client,
      resolved,
      session,
      login,
      addLoginListeners,
      link,
      addLinkListeners,
      modal,
      wallet,
      connectWallet,
    ],
  );

  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {modalRequested && !resolved.render.standalone && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </LatchkeyContext.Provider>
  );
}
