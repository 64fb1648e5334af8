import { createModalFlow, createWalletController, type LatchkeyClient } from '@latchkey/core';
import {
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { LatchkeyClientConfig } from '../config/config.ts';
import type { ScreenParams } from '../Modal/types.ts';
import { LatchkeyContext, type LatchkeyContextValue } from './context.ts';
import { newLinkedAccount } from './linkMethod.ts';
import { useClientSession, useMethodMountEffects } from './useClientSession.ts';
import { focusedElement, useLastFocused, useModalOpeners } from './useModalOpeners.ts';
import { useResolvedConfig } from './useResolvedConfig.ts';
import { useTermsGate } from './useTermsGate.ts';
import { useCloudRecoveryReturn } from './useCloudRecoveryReturn.ts';
import { useWalletAutoConnect } from './useWalletAutoConnect.ts';
import { useMfaPromptHandler } from '../mfa/useMfaPromptHandler.ts';
import { createSolanaWallets } from '../solana/solanaWallets.ts';
import { useSolanaAutoConnect } from '../solana/useSolanaAutoConnect.ts';

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

/**
 * Gives its subtree a Latchkey session and the login modal.
 *
 * Creates one client (`createLatchkeyClient`), restores the session after mount
 * (`client.initialize()`), loads the server app config and merges `config` over it
 * (spec section 3). SSR-safe: render touches no `window`, `document` or storage; the
 * server renders `status: 'loading'`. Which flow the modal runs and how it ends is core's
 * `createModalFlow`; the methods' mount effects (the OAuth return page), the terms gate and the
 * wallet's auto-connect are hooks.
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
  const { client, session } = useClientSession(appId, apiUrl, givenClient);
  const {
    resolved,
    latest: latestConfig,
    chainsReady,
  } = useResolvedConfig(appId, apiUrl, config, client);

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
  useMethodMountEffects(appId, client, flow);

  // Where focus returns when the modal closes: the element focused when it opened.
  const opener = useRef<HTMLElement | null>(null);
  // The page's element focused last: a host button that started a wallet request and was
  // disabled while it runs has lost focus (to <body>) by the time the wallet screen opens.
  const lastFocused = useLastFocused();
  // A wallet screen a hook opens (a sign button): focus returns to that button on close
  // (issue 14, item 5); one opened inside a running flow keeps the flow's opener.
  const [rememberOpener] = useState(() => () => {
    if (flow.getState().open) return;
    const focused = focusedElement();
    opener.current = focused && focused !== document.body ? focused : lastFocused();
  });
  // The embedded wallet (issue 3): core's manager is loaded on first use.
  const [wallet] = useState(() =>
    createWalletController({
      client,
      getConfig: () => latestConfig.current.wallet,
      configReady: chainsReady,
      openScreen: (screen, params) => {
        rememberOpener();
        flow.openWallet({ screen, params });
      },
      load: () => import('@latchkey/core/embedded-wallet'),
    }),
  );
  // The embedded Solana wallet (issue 22 item 2): core's lazy Solana entry, on first use.
  const [solana] = useState(() =>
    createSolanaWallets({
      client,
      wallet,
      getConfig: () => latestConfig.current.wallet,
      load: () => import('@latchkey/core/solana'),
    }),
  );
  useSolanaAutoConnect(session, solana, wallet);
  // MFA (issue 15): a wallet action refused for want of MFA shows the prompt.
  const mfa = useMfaPromptHandler(client, flow, session, open, latestConfig, rememberOpener);
  // Issue 23: a cloud recovery redirect's return reopens its screen; auto-connect waits for it.
  const cloudReturn = useCloudRecoveryReturn(appId, session, wallet, open);
  useWalletAutoConnect(session, wallet, open || cloudReturn);
  const standalone = resolved.render.standalone;
  useTermsGate(flow, session, {
    requireTerms: resolved.legal.requireUsersAcceptTerms,
    open,
    standalone,
  });

  const { login, link, connectWallet } = useModalOpeners(client, flow, session, resolved, opener);

  const modal = useMemo<LatchkeyContextValue['modal']>(
    () => ({
      open,
      start,
      opener,
      close: flow.close,
      complete: flow.complete,
      fail: flow.fail,
      settle: flow.settle,
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
      solana,
      connectWallet,
      mfa,
    }),
    [client, resolved, session, login, flow, link, modal, wallet, solana, connectWallet, mfa],
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
