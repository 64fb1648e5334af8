import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import { passwordConfirmationError, passwordError } from '@latchkey/core';

/**
 * The four-step password flow (spec section 4, "Password flow"): creating -> saving ->
 * confirming -> finalizing -> done (or failed). Back reverses; the password is submitted when
 * leaving finalizing; done auto-closes after 1400 ms when the flow was started automatically.
 * DOM-free: the screen renders its state.
 */
export type PasswordFlowStep =
  'creating' | 'saving' | 'confirming' | 'finalizing' | 'submitting' | 'done' | 'failed';

export interface PasswordFlowState {
  step: PasswordFlowStep;
  password: string;
  confirmation: string;
  acknowledged: boolean;
  /** Message under the current input ('Password must be at least 6 characters', ...), or null. */
  error: string | null;
  /** The submit failure's message when `step` is 'failed'. */
  failure: string | null;
}

export interface PasswordFlowOptions {
  /** Sets the password (the manager's `setRecovery` or `create`); rejects on failure. */
  submit: (password: string) => Promise<void>;
  /** True when the app started the flow (creation), false when the user did (`setWalletPassword`). */
  automatic: boolean;
  /** Called when 'done' auto-closes (automatic flows only), after `doneCloseMs`. */
  onAutoClose?: () => void;
  /** Default 1400 ms (spec section 9). */
  doneCloseMs?: number;
}

export interface PasswordFlow {
  getState(): PasswordFlowState;
  subscribe(listener: (s: PasswordFlowState) => void): () => void;
  setPassword(password: string): void;
  setConfirmation(confirmation: string): void;
  setAcknowledged(acknowledged: boolean): void;
  /** True when Continue (or Set Password) may be pressed on the current step. */
  canContinue(): boolean;
  /** Moves forward; from finalizing it submits. */
  next(): Promise<void>;
  /** Moves back one step; false when there is none. */
  back(): boolean;
  /** Clears the auto-close timer (unmount); the flow stays usable. */
  stop(): void;
  /** Clears timers and listeners; later changes are ignored. */
  destroy(): void;
}

const ORDER: PasswordFlowStep[] = ['creating', 'saving', 'confirming', 'finalizing'];

/** Creates a {@link PasswordFlow}. Timers use the global `setTimeout` (fake timers apply). */
export function createPasswordFlow(options: PasswordFlowOptions): PasswordFlow {
  let state: PasswordFlowState = {
    step: 'creating',
    password: '',
    confirmation: '',
    acknowledged: false,
    error: null,
    failure: null,
  };
  const listeners = new Set<(s: PasswordFlowState) => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;
  const set = (patch: Partial<PasswordFlowState>) => {
    if (destroyed) return;
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state);
  };
  const canContinue = () => {
    switch (state.step) {
      case 'creating':
        return state.password !== '' && passwordError(state.password) === null;
      case 'saving':
        return true;
      case 'confirming':
        return (
          state.confirmation !== '' &&
          passwordConfirmationError(state.password, state.confirmation) === null
        );
      case 'finalizing':
        return state.acknowledged;
      default:
        return false;
    }
  };
  return {
    getState: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setPassword(password) {
      set({ password, error: password === '' ? null : passwordError(password) });
    },
    setConfirmation(confirmation) {
      set({
        confirmation,
        error: confirmation === '' ? null : passwordConfirmationError(state.password, confirmation),
      });
    },
    setAcknowledged(acknowledged) {
      set({ acknowledged });
    },
    canContinue,
    async next() {
      if (!canContinue()) return;
      const index = ORDER.indexOf(state.step);
      if (state.step !== 'finalizing') {
        set({ step: ORDER[index + 1]!, error: null });
        return;
      }
      set({ step: 'submitting', error: null });
      try {
        await options.submit(state.password);
      } catch (error) {
        set({
          step: 'failed',
          failure: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      set({ step: 'done' });
      if (options.automatic) {
        timer = setTimeout(() => {
          if (!destroyed) options.onAutoClose?.();
        }, options.doneCloseMs ?? SUCCESS_CLOSE_MS);
      }
    },
    back() {
      const index = ORDER.indexOf(state.step);
      if (index <= 0) return false;
      const previous = ORDER[index - 1]!;
      set({
        step: previous,
        error: null,
        ...(previous === 'creating' ? { confirmation: '', acknowledged: false } : {}),
      });
      return true;
    },
    stop() {
      clearTimeout(timer);
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
