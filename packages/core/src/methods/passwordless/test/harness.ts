/**
 * Shared set-up of the code-flow tests (`flow*.test.ts`; not shipped: under a `test` folder):
 * a logged-in result, an `ApiError` maker, fake clients per channel and fake timers per test.
 */
import { ERROR_STATUS, type ErrorCode } from '@latchkey/api';
import { afterEach, beforeEach, vi } from 'vitest';
import { ApiError } from '../../../errors/request.ts';
import type { AuthenticateResult, User } from '../../../session/user.ts';
import type { PasswordlessFlowClient } from '../flow.ts';

/** The user every fake login, link and update answers with. */
export const USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: true,
  isGuest: false,
};

/** What the fake logins resolve with: a new {@link USER}. */
export const RESULT: AuthenticateResult = { user: USER, isNewUser: true };

/** An `ApiError` of `code` with its HTTP status (spec section 8). */
export const apiError = (code: ErrorCode, message = 'Server message') =>
  new ApiError({ code, status: ERROR_STATUS[code], message });

type Required<K extends keyof PasswordlessFlowClient> = NonNullable<PasswordlessFlowClient[K]>;

/** A client of the email channel only: sends resolve, logins resolve {@link RESULT}. */
export function fakeClient(overrides: Partial<PasswordlessFlowClient> = {}) {
  return {
    sendEmailCode: vi.fn<PasswordlessFlowClient['sendEmailCode']>(async () => {}),
    loginWithEmailCode: vi.fn<PasswordlessFlowClient['loginWithEmailCode']>(async () => RESULT),
    ...overrides,
  };
}

/** A client of both channels (email and SMS), as {@link fakeClient}. */
export function fakeChannelsClient(overrides: Partial<PasswordlessFlowClient> = {}) {
  return fakeClient({
    sendSmsCode: vi.fn<Required<'sendSmsCode'>>(async () => {}),
    loginWithSmsCode: vi.fn<Required<'loginWithSmsCode'>>(async () => RESULT),
    ...overrides,
  }) as ReturnType<typeof fakeClient> & {
    sendSmsCode: ReturnType<typeof vi.fn<Required<'sendSmsCode'>>>;
    loginWithSmsCode: ReturnType<typeof vi.fn<Required<'loginWithSmsCode'>>>;
  };
}

/** Runs each test of the file on fake timers (the flows count down in seconds). */
export function useFakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
