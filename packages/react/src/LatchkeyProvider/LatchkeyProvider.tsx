import {
  createLatchkeyClient,
  type LatchkeyClient,
  type SessionState,
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
import {
  LatchkeyContext,
  type LatchkeyContextValue,
  type LoginFailure,
  type LoginListeners,
} from './context.ts';

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
  const [client] = useState(() => givenClient ?? createLatchkeyClient({ appId, apiUrl }));
  const subscribe = useCallback((onChange: () => void) => client.subscribe(onChange), [client]);
  const getState = useCallback(() => client.getState(), [client]);
  const session = useSyncExternalStore(subscribe, getState, () => SERVER_SNAPSHOT);
  const [serverConfig, setServerConfig] = useState<ServerConfigInput | null>(null);
  const [modalRequested, setModalRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const listeners = useRef(new Set<LoginListeners>());
  const opener = useRef<HTMLElement | null>(null);
  const completed = useRef(false);

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
    return () => {
      live = false;
    };
  }, [client]);

  const resolved = useMemo(
    () => resolveConfig(appId, config, serverConfig),
    [appId, config, serverConfig],
  );

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
    setModalRequested(true);
    setOpen(true);
  }, [authenticated, resolved]);

  const addLoginListeners = useCallback((l: LoginListeners) => {
    listeners.current.add(l);
    return () => {
      listeners.current.delete(l);
    };
  }, []);

  const emitError = useCallback((error: LoginFailure) => {
    for (const l of listeners.current) l.onError?.(error);
  }, []);

  const modal = useMemo<LatchkeyContextValue['modal']>(
    () => ({
      open,
      opener,
      close: () => {
        setOpen(false);
        if (!completed.current) {
          completed.current = true;
          emitError({ code: 'exited_auth_flow', message: 'The user closed the login modal' });
        }
      },
      complete: ({ user, isNewUser }) => {
        completed.current = true;
        setOpen(false);
        for (const l of listeners.current) l.onComplete?.({ user, isNewUser });
      },
      fail: emitError,
    }),
    [open, emitError],
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
      modal,
    }),
    [client, resolved, session, login, addLoginListeners, modal],
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
