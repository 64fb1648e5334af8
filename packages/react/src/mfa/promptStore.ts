import type { MfaMethod } from '@latchkey/api';
import type { MfaRequiredRequest } from '@latchkey/core';

/** The MFA verification a wallet action waits for (issue 15), as the modal's prompt shows it. */
export interface MfaPromptRequest {
  /** Which request this is (a new prompt, with fresh state, per request). */
  id: number;
  /** The user's enrolled methods, in the user's order: the prompt starts with the first. */
  methods: MfaMethod[];
  /** Which attempt of the waiting operation was refused (1 to 3). */
  attempt: number;
}

/**
 * The pending MFA prompt of one provider (issue 15, "MFA prompt"): core's MFA-required handler
 * puts a request here ({@link MfaPromptStore.ask}) and the modal shows the prompt while one is
 * pending, over the screen that waits for it (or alone, on MFA_VERIFICATION_SCREEN, when the
 * modal was closed). The prompt settles it: after a successful `verify.submit`, or with an
 * error when the user gave up (the modal closed). DOM-free, for `useSyncExternalStore`.
 */
export interface MfaPromptStore {
  /** The pending request, or null. */
  get(): MfaPromptRequest | null;
  subscribe(listener: () => void): () => void;
  /**
   * Shows the prompt for `request`; settles when {@link MfaPromptStore.settle} is called. A
   * second `ask` while one is pending replaces it (core asks once per wait; the earlier one is
   * rejected).
   */
  ask(request: MfaRequiredRequest): Promise<void>;
  /** Ends the pending prompt: verified (no argument), or given up (`error`). No-op when none. */
  settle(error?: unknown): void;
}

/** Creates the {@link MfaPromptStore}. */
export function createMfaPromptStore(): MfaPromptStore {
  let current: MfaPromptRequest | null = null;
  let lastId = 0;
  let settleCurrent: ((error?: unknown) => void) | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of [...listeners]) l();
  };
  const store: MfaPromptStore = {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ask(request) {
      store.settle(new Error('Replaced by a newer MFA prompt'));
      return new Promise<void>((resolve, reject) => {
        current = { id: ++lastId, methods: [...request.methods], attempt: request.attempt };
        settleCurrent = (error) => (error === undefined ? resolve() : reject(error));
        emit();
      });
    },
    settle(error) {
      const done = settleCurrent;
      if (!done) return;
      settleCurrent = null;
      current = null;
      emit();
      done(error);
    },
  };
  return store;
}
