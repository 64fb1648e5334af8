import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_S,
  INVALID_CODE_RESET_MS,
  SUCCESS_CLOSE_MS,
} from '@latchkey/api';
import { type LatchkeyError, toLatchkeyError } from '../../errors/base.ts';
import { errorCodeOf, screenForError } from '../../errors/errorScreenFor.ts';
import { ApiError } from '../../errors/request.ts';
import { type MessageOverrides, resolveMessages } from '../../messages.ts';
import { SCREEN, type ScreenName } from '../../screens/screens.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';

/** How a code travels: an email or a text message (spec section 4, "Email or SMS login"). */
export type PasswordlessChannel = 'email' | 'sms';

/** Where the code flow is (spec section 4, "Email or SMS login" and "Code entry"). */
export type PasswordlessFlowStep =
  'idle' | 'sending' | 'awaiting-code' | 'verifying' | 'success' | 'invalid' | 'error';

/**
 * What a code does once checked (issue 6): log in (or sign up), link the email or phone to the
 * logged-in user, or replace the user's email (`update-email`, email channel only).
 */
export type PasswordlessMode = 'login' | 'link' | 'update-email';

/** State of a {@link PasswordlessFlow}; replaced (never mutated) on every change. */
export type PasswordlessFlowState = {
  step: PasswordlessFlowStep;
  /** What the code is for; set by `sendCode` (default 'login'), kept by `resend`. */
  mode: PasswordlessMode;
  /** The channel of the current send: 'email' or 'sms'. */
  channel: PasswordlessChannel;
  /** The email address or phone number ('+callingcode number') the code was (or is being) sent to. */
  destination: string;
  /** `destination` when `channel` is 'email', else ''. Kept for email-only callers. */
  email: string;
  /** Seconds before Resend is offered again: 30 after a send, ticking to 0. Show 'Code sent' while > 0. */
  resendCooldownS: number;
  /** True while a resend request runs. */
  resending: boolean;
  /** The last error, or null. */
  error: LatchkeyError | null;
  /** Text to show under the code boxes ('Invalid or expired verification code', ...), or null. */
  errorMessage: string | null;
  /**
   * Screen the modal should move to because of the error (ERROR_SCREEN, USER_LIMIT_REACHED_SCREEN,
   * ACCOUNT_NOT_FOUND_SCREEN, ALLOWLIST_REJECTION_SCREEN), or null to stay.
   */
  screen: ScreenName | null;
  /** The login result once `step` is 'success'. */
  result: AuthenticateResult | null;
  /** Bumped when the code boxes must be cleared (1400 ms after an invalid code). */
  resetCount: number;
  /** Wrong answers (HTTP 422) to the current code; a new send sets it back to 0. */
  failedAttempts: number;
  /**
   * The current code is dead: CODE_MAX_ATTEMPTS (5) wrong answers, after which the server refuses
   * even the right one (spec section 9). Set when the boxes reset after the last wrong answer;
   * `errorMessage` then says the code can no longer be used, `submitCode` is refused and only a
   * new code (`resend`, once the cooldown is over) goes on.
   */
  codeExhausted: boolean;
};

/** Options of {@link createPasswordlessFlow}. */
export type PasswordlessFlowOptions = {
  /** Called once, `completeDelayMs` after a successful login: the UI closes the modal or moves on. */
  onComplete?: (result: AuthenticateResult) => void;
  /**
   * Delay before `onComplete`, in ms. Default 1400 (SUCCESS_CLOSE_MS). Pass a function to use
   * 900 ms (SUCCESS_REDIRECT_MS) when the consent or wallet-creation screen comes next.
   */
  completeDelayMs?: number | ((result: AuthenticateResult) => number);
  /** Resend cooldown in seconds. Default 30. */
  resendCooldownS?: number;
  /** Wrong answers after which a code is dead (`codeExhausted`). Default 5 (CODE_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Delay before the boxes reset after an invalid code, in ms. Default 1400. */
  invalidCodeResetMs?: number;
  /** String overrides. */
  messages?: MessageOverrides;
};

/** Send-time options. */
export type SendCodeOptions = {
  captchaToken?: string;
  /** The channel of `sendCode` (ignored by `resend`, which keeps the current one). Default 'email'. */
  channel?: PasswordlessChannel;
  /**
   * What the code is for (ignored by `resend`, which keeps the current one). Default 'login'.
   * 'link' and 'update-email' need a logged-in user; they resolve `{user, isNewUser: false}`.
   */
  mode?: PasswordlessMode;
};

/** The email- or SMS-code login flow, DOM-free: screens render its state. */
export type PasswordlessFlow = {
  getState(): PasswordlessFlowState;
  /** @returns unsubscribe */
  subscribe(listener: (state: PasswordlessFlowState) => void): () => void;
  /**
   * Sends a code to an email address, or with `{channel: 'sms'}` to a phone number.
   * @returns true when sent (go to AWAITING_PASSWORDLESS_CODE); errors land in state.
   */
  sendCode(destination: string, options?: SendCodeOptions): Promise<boolean>;
  /**
   * Checks a code. @returns true on login; errors land in state. Ignored while verifying, after
   * success, and once the code is dead (`codeExhausted`).
   */
  submitCode(code: string): Promise<boolean>;
  /**
   * Sends a new code to the same address (clears `failedAttempts` and `codeExhausted`); ignored
   * while the cooldown runs.
   */
  resend(options?: SendCodeOptions): Promise<boolean>;
  /** Back to 'idle', timers cleared. */
  reset(): void;
  /** Clears timers and listeners; later results are ignored. */
  destroy(): void;
};

/**
 * The client methods the flow needs (the SMS pair only for the 'sms' channel, the link and
 * update methods only for those modes).
 */
export type PasswordlessFlowClient = Pick<LatchkeyClient, 'sendEmailCode' | 'loginWithEmailCode'> &
  Partial<
    Pick<
      LatchkeyClient,
      | 'sendSmsCode'
      | 'loginWithSmsCode'
      | 'linkWithEmailCode'
      | 'linkWithSmsCode'
      | 'updateEmailWithCode'
    >
  >;

const initialState: PasswordlessFlowState = {
  step: 'idle',
  mode: 'login',
  channel: 'email',
  destination: '',
  email: '',
  resendCooldownS: 0,
  resending: false,
  error: null,
  errorMessage: null,
  screen: null,
  result: null,
  resetCount: 0,
  failedAttempts: 0,
  codeExhausted: false,
};

/**
 * Creates the passwordless (email or SMS code) login flow (spec sections 4 and 8, "Code entry").
 * One flow serves both channels: `sendCode(destination, {channel})` picks one per send, and
 * every mode (issue 6): `{mode: 'login'}` (default) logs in with `loginWith*Code`,
 * `{mode: 'link'}` links the address with `linkWith*Code`, `{mode: 'update-email'}` replaces the
 * user's email with `updateEmailWithCode`; link modes resolve `{user, isNewUser: false}`.
 * `resend` keeps the channel and the mode. While logged in, the client sends the code with the
 * bearer token (the server's captcha gate skips authenticated inits).
 *
 * - `sendCode`: 'sending' -> 'awaiting-code' with a 30 s resend countdown ticking each second;
 *   a failure -> 'error' with `screen` ERROR_SCREEN (the UI remembers the previous screen).
 * - `submitCode`: 'verifying' -> 'success', then `onComplete(result)` after 1400 ms;
 *   an invalid code (HTTP 422) -> 'invalid' with 'Invalid or expired verification code', then
 *   'awaiting-code' after 1400 ms with `resetCount` bumped so the boxes clear; after the 5th
 *   wrong answer to one code (CODE_MAX_ATTEMPTS) that reset also sets `codeExhausted` with
 *   'This code can no longer be used...', and `submitCode` is refused until a new code is sent;
 *   cannot_link_more_of_type -> the server's message; max_accounts_reached ->
 *   USER_LIMIT_REACHED_SCREEN; user_does_not_exist -> ACCOUNT_NOT_FOUND_SCREEN;
 *   allowlist_rejected -> ALLOWLIST_REJECTION_SCREEN; linked_to_another_user -> ERROR_SCREEN;
 *   email_required_to_update -> its message; anything else -> 'Issue verifying code'.
 * - Send failures: allowlist_rejected -> ALLOWLIST_REJECTION_SCREEN, max_accounts_reached and
 *   user_does_not_exist -> their screens, invalid_captcha and the rest -> ERROR_SCREEN (whose
 *   `errorScreenFor` CTA resets the captcha); a malformed address stays inline.
 *
 * Timers use the global `setTimeout`/`setInterval` at call time, so fake timers apply.
 *
 * @param client - A {@link LatchkeyClient} (`sendEmailCode`/`loginWithEmailCode`, and
 *   `sendSmsCode`/`loginWithSmsCode` for the 'sms' channel).
 * @param options - See {@link PasswordlessFlowOptions}.
 * @returns A {@link PasswordlessFlow}.
 * @example
 * const flow = createPasswordlessFlow(client, { onComplete: () => closeModal() });
 * if (await flow.sendCode('alice@example.com')) navigate(SCREEN.AWAITING_PASSWORDLESS_CODE);
 * await flow.submitCode('123456');
 * await flow.sendCode('+1 4155552671', { channel: 'sms' });
 */
export function createPasswordlessFlow(
  client: PasswordlessFlowClient,
  options: PasswordlessFlowOptions = {},
): PasswordlessFlow {
  const text = resolveMessages(options.messages);
  const cooldownS = options.resendCooldownS ?? CODE_RESEND_COOLDOWN_S;
  const invalidResetMs = options.invalidCodeResetMs ?? INVALID_CODE_RESET_MS;
  const maxAttempts = options.maxAttempts ?? CODE_MAX_ATTEMPTS;
  let state = initialState;
  let destroyed = false;
  /** Bumped by reset/destroy/new sends so late answers of an older attempt are dropped. */
  let generation = 0;
  const listeners = new Set<(state: PasswordlessFlowState) => void>();
  const timeouts = new Set<ReturnType<typeof setTimeout>>();
  let countdown: ReturnType<typeof setInterval> | undefined;

  function set(patch: Partial<PasswordlessFlowState>) {
    if (destroyed) return;
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  function later(ms: number, fn: () => void) {
    const id = setTimeout(() => {
      timeouts.delete(id);
      if (!destroyed) fn();
    }, ms);
    timeouts.add(id);
  }

  function stopCountdown() {
    if (countdown !== undefined) clearInterval(countdown);
    countdown = undefined;
  }

  function startCountdown() {
    stopCountdown();
    set({ resendCooldownS: cooldownS });
    if (cooldownS <= 0) return;
    countdown = setInterval(() => {
      const next = Math.max(0, state.resendCooldownS - 1);
      set({ resendCooldownS: next });
      if (next === 0) stopCountdown();
    }, 1000);
  }

  function clearTimers() {
    for (const id of timeouts) clearTimeout(id);
    timeouts.clear();
    stopCountdown();
  }

  function deliver(channel: PasswordlessChannel, destination: string, captchaToken?: string) {
    if (channel === 'email') {
      return client.sendEmailCode({
        email: destination,
        ...(captchaToken ? { captchaToken } : {}),
      });
    }
    if (!client.sendSmsCode) throw new Error('This client cannot send SMS codes');
    return client.sendSmsCode({
      phoneNumber: destination,
      ...(captchaToken ? { captchaToken } : {}),
    });
  }

  async function check(
    mode: PasswordlessMode,
    channel: PasswordlessChannel,
    destination: string,
    code: string,
  ): Promise<AuthenticateResult> {
    const linked = (user: User): AuthenticateResult => ({ user, isNewUser: false });
    if (mode === 'update-email') {
      if (channel !== 'email' || !client.updateEmailWithCode) {
        throw new Error('This client cannot update the email');
      }
      return linked(await client.updateEmailWithCode({ newEmail: destination, code }));
    }
    if (mode === 'link') {
      if (channel === 'email') {
        if (!client.linkWithEmailCode) throw new Error('This client cannot link emails');
        return linked(await client.linkWithEmailCode({ email: destination, code }));
      }
      if (!client.linkWithSmsCode) throw new Error('This client cannot link phone numbers');
      return linked(await client.linkWithSmsCode({ phoneNumber: destination, code }));
    }
    if (channel === 'email') return client.loginWithEmailCode({ email: destination, code });
    if (!client.loginWithSmsCode) throw new Error('This client cannot log in with SMS codes');
    return client.loginWithSmsCode({ phoneNumber: destination, code });
  }

  async function send(
    mode: PasswordlessMode,
    channel: PasswordlessChannel,
    destination: string,
    captchaToken: string | undefined,
    resending: boolean,
  ) {
    const mine = ++generation;
    const trimmed = destination.trim();
    set(
      resending
        ? { resending: true, error: null, errorMessage: null, screen: null }
        : {
            step: 'sending',
            mode,
            channel,
            destination: trimmed,
            email: channel === 'email' ? trimmed : '',
            error: null,
            errorMessage: null,
            screen: null,
            result: null,
          },
    );
    try {
      await deliver(channel, destination, captchaToken);
    } catch (thrown) {
      if (mine !== generation) return false;
      const error = toLatchkeyError(thrown);
      const inline = error.code === 'invalid_input';
      set({
        step: 'error',
        resending: false,
        error,
        errorMessage: inline ? error.shortMessage : null,
        screen: inline ? null : screenForError(error),
      });
      return false;
    }
    if (mine !== generation) return false;
    set({
      step: 'awaiting-code',
      resending: false,
      failedAttempts: 0,
      codeExhausted: false,
      // A new code after a dead one: clear the boxes (they were disabled and empty anyway).
      ...(resending && state.codeExhausted ? { resetCount: state.resetCount + 1 } : {}),
    });
    startCountdown();
    return true;
  }

  function mapVerifyError(error: LatchkeyError): Partial<PasswordlessFlowState> {
    const code = errorCodeOf(error);
    if ((error instanceof ApiError && error.status === 422) || code === 'invalid_credentials') {
      return { step: 'invalid', errorMessage: text.invalidOrExpiredCode, screen: null };
    }
    switch (code) {
      case 'cannot_link_more_of_type':
      case 'email_required_to_update':
        return { step: 'error', errorMessage: error.shortMessage, screen: null };
      case 'max_accounts_reached':
        return { step: 'error', errorMessage: null, screen: SCREEN.USER_LIMIT_REACHED_SCREEN };
      case 'user_does_not_exist':
        return { step: 'error', errorMessage: null, screen: SCREEN.ACCOUNT_NOT_FOUND_SCREEN };
      case 'allowlist_rejected':
        return { step: 'error', errorMessage: null, screen: SCREEN.ALLOWLIST_REJECTION_SCREEN };
      case 'linked_to_another_user':
        return { step: 'error', errorMessage: null, screen: SCREEN.ERROR_SCREEN };
      default:
        return { step: 'error', errorMessage: text.issueVerifyingCode, screen: null };
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    sendCode(destination, sendOptions = {}) {
      if (destroyed || state.step === 'sending') return Promise.resolve(false);
      return send(
        sendOptions.mode ?? 'login',
        sendOptions.channel ?? 'email',
        destination,
        sendOptions.captchaToken,
        false,
      );
    },
    resend(sendOptions = {}) {
      if (destroyed || state.resending || state.resendCooldownS > 0 || !state.destination) {
        return Promise.resolve(false);
      }
      if (state.step === 'verifying' || state.step === 'success') return Promise.resolve(false);
      return send(state.mode, state.channel, state.destination, sendOptions.captchaToken, true);
    },
    async submitCode(code) {
      if (destroyed || state.step === 'verifying' || state.step === 'success') return false;
      if (state.codeExhausted) return false;
      const trimmed = code.replace(/[\s-]/g, '');
      if (!new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(trimmed)) {
        set({ errorMessage: text.codeShouldBeNumeric });
        return false;
      }
      const mine = ++generation;
      set({ step: 'verifying', error: null, errorMessage: null, screen: null });
      let result: AuthenticateResult;
      try {
        result = await check(state.mode, state.channel, state.destination, trimmed);
      } catch (thrown) {
        if (mine !== generation) return false;
        const error = toLatchkeyError(thrown);
        const patch = mapVerifyError(error);
        const invalid = patch.step === 'invalid';
        set({ ...patch, error, ...(invalid ? { failedAttempts: state.failedAttempts + 1 } : {}) });
        if (invalid) {
          later(invalidResetMs, () => {
            if (mine !== generation || state.step !== 'invalid') return;
            const dead = state.failedAttempts >= maxAttempts;
            set({
              step: 'awaiting-code',
              resetCount: state.resetCount + 1,
              ...(dead ? { codeExhausted: true, errorMessage: text.codeExhausted } : {}),
            });
          });
        }
        return false;
      }
      if (mine !== generation) return false;
      stopCountdown();
      set({ step: 'success', result });
      const delay =
        typeof options.completeDelayMs === 'function'
          ? options.completeDelayMs(result)
          : (options.completeDelayMs ?? SUCCESS_CLOSE_MS);
      later(delay, () => {
        if (mine === generation) options.onComplete?.(result);
      });
      return true;
    },
    reset() {
      generation++;
      clearTimers();
      set({ ...initialState, resetCount: state.resetCount });
    },
    destroy() {
      generation++;
      clearTimers();
      listeners.clear();
      destroyed = true;
    },
  };
}
