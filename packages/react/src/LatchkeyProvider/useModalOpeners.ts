import {
  type LatchkeyClient,
  type ModalFlow,
  SCREEN,
  type ScreenName,
  type SessionState,
} from '@latchkey/core';
import { useCallback, useEffect, useRef } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { ScreenParams } from '../Modal/types.ts';
import type { LatchkeyContextValue } from './context.ts';
import { linkMethodOf } from './linkMethod.ts';

/** The element focused now (where focus returns when the modal closes), or null. */
export function focusedElement(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * A stable function returning the page's element that took focus last and is still in the page
 * (a `focusin` listener on the document; the modal's own focus shows as its shadow host and is
 * skipped), or null. For a wallet screen opened after its button lost focus (issue 14, item 5).
 */
export function useLastFocused(): () => HTMLElement | null {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      // Focus inside the modal is retargeted to its shadow host: not a place to return to.
      if (target instanceof HTMLElement && !target.shadowRoot) last.current = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return useCallback(() => (last.current?.isConnected ? last.current : null), []);
}

/**
 * The provider's ways into the modal: `login()` (LANDING), `link(screen, params)` (issue 6) and
 * `connectWallet()` (connect-only, issue 4), each remembering the focused element in `opener`
 * (the provider's; focus returns there on close) and opening the matching flow of core's
 * `createModalFlow`.
 * None opens in `render.standalone` mode (the inline modal is always shown).
 */
export function useModalOpeners(
  client: LatchkeyClient,
  flow: ModalFlow<ScreenParams>,
  session: SessionState,
  resolved: ResolvedConfig,
  opener: { current: HTMLElement | null },
): Pick<LatchkeyContextValue, 'login' | 'link' | 'connectWallet'> {
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
  }, [authenticated, resolved, client, flow, opener]);

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
    [authenticated, resolved, client, flow, opener],
  );

  // Connect-only mode (issue 4): the modal opens on the wallet list; no login, so closing it
  // reports nothing to `useLogin`.
  const connectWallet = useCallback(() => {
    if (resolved.render.standalone) return;
    opener.current = focusedElement();
    flow.openConnect({ screen: SCREEN.CONNECT_ONLY_LANDING_SCREEN, params: {} });
  }, [resolved, flow, opener]);

  return { login, link, connectWallet };
}
