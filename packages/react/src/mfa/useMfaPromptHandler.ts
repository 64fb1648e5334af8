import type { MfaMethod } from '@latchkey/api';
import {
  type LatchkeyClient,
  type MfaRequiredHandler,
  type ModalFlow,
  SCREEN,
  type SessionState,
} from '@latchkey/core';
import { useEffect, useState } from 'react';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { ScreenParams } from '../Modal/types.ts';
import { createMfaPromptStore, type MfaPromptStore } from './promptStore.ts';

/** What `useMfaRequired` registers: called when a wallet action needs MFA (headless prompt). */
export interface MfaRequiredListener {
  /** `methods`: the user's enrolled methods, in the user's order. */
  onMfaRequired: (methods: MfaMethod[]) => void;
}

/** The provider's MFA parts, shared through its context. */
export interface MfaPromptParts {
  store: MfaPromptStore;
  /** Registers a headless listener (`useMfaRequired`); returns the unregister function. */
  addRequiredListener: (listener: MfaRequiredListener) => () => void;
  /** Opens the modal on MFA_ENROLLMENT_FLOW_SCREEN (`useMfaEnrollment`). */
  openEnrollment: () => void;
}

/**
 * The provider's answer to core's "this wallet action needs MFA" (issue 15, "MFA prompt"): once
 * the user is logged in, registers an MFA-required handler on the client's shared MFA client
 * (`mfaClientOf`, from the lazy `@latchkey/core/embedded-wallet` entry, which the wallet loads
 * anyway). The handler shows the modal's prompt ({@link MfaPromptStore}; it opens the modal on
 * MFA_VERIFICATION_SCREEN when closed, else the prompt covers the waiting screen); with
 * `mfa.noPromptOnMfaRequired` it calls the `useMfaRequired` listeners instead and core waits for
 * the app's `useMfa().submit` or `cancel` (at most 300000 ms). Closing the modal while the
 * prompt shows cancels the wait ('MFA canceled').
 */
export function useMfaPromptHandler(
  client: LatchkeyClient,
  flow: ModalFlow<ScreenParams>,
  session: SessionState,
  open: boolean,
  latestConfig: { current: ResolvedConfig },
  beforeOpen: () => void,
): MfaPromptParts {
  const [listeners] = useState(() => new Set<MfaRequiredListener>());
  const [parts] = useState<MfaPromptParts>(() => ({
    store: createMfaPromptStore(),
    addRequiredListener(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openEnrollment() {
      beforeOpen();
      flow.openWallet({ screen: SCREEN.MFA_ENROLLMENT_FLOW_SCREEN, params: {} });
    },
  }));
  const authenticated = session.status === 'authenticated';

  useEffect(() => {
    if (!authenticated) return;
    let off: (() => void) | null = null;
    let live = true;
    const { store } = parts;
    const handler: MfaRequiredHandler = (request) => {
      if (latestConfig.current.mfa.noPromptOnMfaRequired) {
        for (const l of [...listeners]) l.onMfaRequired([...request.methods]);
        return undefined;
      }
      const verified = store.ask(request);
      if (!flow.getState().open) {
        beforeOpen();
        flow.openWallet({ screen: SCREEN.MFA_VERIFICATION_SCREEN, params: {} });
      }
      return verified;
    };
    import('@latchkey/core/embedded-wallet')
      .then(({ mfaClientOf }) => {
        if (live) off = mfaClientOf(client).setMfaRequiredHandler(handler);
      })
      .catch((error: unknown) => console.warn('[latchkey] could not load the MFA prompt', error));
    return () => {
      live = false;
      off?.();
      parts.store.settle(new Error('Logged out'));
    };
  }, [authenticated, client, flow, parts, listeners, latestConfig, beforeOpen]);

  // The modal closed while the prompt showed: the user gave up ('MFA canceled').
  useEffect(() => {
    if (!open) parts.store.settle(new Error('The modal was closed'));
  }, [open, parts]);

  return parts;
}
