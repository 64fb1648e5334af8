/**
 * The host side of MFA (issue 15, "Client"; spec sections 4 "MFA enrolment" and "MFA prompt", 7
 * and 9). Enrolment, removal and verification go to the wallet frame, which makes the
 * `/api/v1/mfa/...` calls with its own DPoP key; only the passkey challenge is the host's own
 * bearer call. When an embedded-wallet operation is refused with `missing_or_invalid_mfa`,
 * {@link MfaClient.withMfa} asks the registered handler (the modal's prompt, or the app's
 * headless callback) and retries.
 */
import {
  type FramePayloads,
  MFA_PASSKEY_INIT_ROUTE,
  MFA_VERIFICATION_TTL_S,
  type MfaMethod,
  type PasskeyOptionsResponse,
} from '@latchkey/api';
import type { LatchkeyClient } from '../session/createLatchkeyClient.ts';
import { toUser, type User } from '../session/user.ts';
import { createEmbeddedWalletBridge, type MfaFrameEvent } from '../wallets/embedded/bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from '../wallets/embedded/errors.ts';
import {
  MFA_CANCELED_MESSAGE,
  MFA_CODE_WAIT_MS,
  MFA_MAX_REQUIRED_ATTEMPTS,
  MFA_TIMEOUT_MESSAGE,
} from './constants.ts';
import type {
  CreateMfaClientParameters,
  MfaClient,
  MfaEnrollmentInit,
  MfaPasskeyRequestOptions,
  MfaRequiredHandler,
  TotpEnrollment,
} from './types.ts';

/** True when `error` is the frame's refusal for want of MFA (`missing_or_invalid_mfa`). */
export function isMfaRequiredError(error: unknown): error is WalletError {
  return error instanceof WalletError && error.type === 'missing_or_invalid_mfa';
}

/** True when `error` is the 'MFA canceled' error of a cancelled MFA prompt. */
export function isMfaCanceledError(error: unknown): error is WalletError {
  return error instanceof WalletError && error.message === MFA_CANCELED_MESSAGE;
}

const canceled = (cause?: unknown) =>
  new WalletError(MFA_CANCELED_MESSAGE, { code: 'missing_or_invalid_mfa', cause });

/**
 * Creates the MFA actions over `bridge` (issue 15). Prefer {@link mfaClientOf}, which shares
 * one instance (and one handler) per client.
 * @example
 * const mfa = createMfaClient({ client, bridge });
 * const { secret, authUrl } = await mfa.initEnrollment({ method: 'totp' });
 * const user = await mfa.submitEnrollment({ method: 'totp', code: '123456' });
 */
export function createMfaClient({ client, bridge }: CreateMfaClientParameters): MfaClient {
  let handler: MfaRequiredHandler | null = null;
  /** Until when (ms since the epoch) this session was last known to be verified. */
  let verifiedUntil = 0;
  let pending: {
    promise: Promise<void>;
    settle: (error?: unknown) => void;
  } | null = null;

  function frame<E extends MfaFrameEvent>(
    event: E,
    data: Omit<FramePayloads[E]['in'], 'accessToken'>,
  ): Promise<FramePayloads[E]['out']> {
    if (!bridge.mfa) {
      return Promise.reject(
        new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' }),
      );
    }
    return bridge.mfa(event, data);
  }

  /** Makes the answered user the session's user, as link and unlink do. */
  function adopt(answer: { user?: unknown } | undefined): User {
    if (typeof answer?.user !== 'object' || answer.user === null) {
      throw new WalletError(`walletProxy.mfa ${WALLET_ERROR_MESSAGES.noResponse}`, {
        code: 'wallet_proxy_no_response',
      });
    }
    const user = toUser(answer.user as Parameters<typeof toUser>[0]);
    // A logout (or another user) meanwhile: the answer is not this session's.
    if (client.getState().user?.id === user.id) {
      if (client.setUser) client.setUser(user);
      else void client.refreshUser().catch(() => {});
    }
    return user;
  }

  function wait(attempt: number): Promise<void> {
    if (pending) return pending.promise;
    const current = handler;
    let settle!: (error?: unknown) => void;
    const promise = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          settle(
            new WalletError(MFA_TIMEOUT_MESSAGE, { type: 'mfa_timeout', code: 'mfa_timeout' }),
          ),
        MFA_CODE_WAIT_MS,
      );
      settle = (error) => {
        if (!pending || pending.promise !== promise) return;
        clearTimeout(timer);
        pending = null;
        if (error === undefined) resolve();
        else reject(error);
      };
    });
    pending = { promise, settle };
    try {
      const methods = client.getState().user?.mfaMethods ?? [];
      const answer = current?.({ methods: [...methods], attempt });
      if (answer && typeof answer.then === 'function') {
        answer.then(
          () => settle(),
          (error: unknown) => settle(error instanceof WalletError ? error : canceled(error)),
        );
      }
    } catch (error) {
      settle(error instanceof WalletError ? error : canceled(error));
    }
    return promise;
  }

  async function initEnrollment(
    parameters: MfaEnrollmentInit,
  ): Promise<TotpEnrollment | undefined> {
    if (parameters.method === 'sms') {
      await frame('latchkey:mfa:init-enrollment', {
        method: 'sms',
        phoneNumber: parameters.phoneNumber,
      });
      return undefined;
    }
    const answer = await frame('latchkey:mfa:init-enrollment', { method: 'totp' });
    if (typeof answer.secret !== 'string' || typeof answer.authUrl !== 'string') {
      throw new WalletError(`walletProxy.mfa ${WALLET_ERROR_MESSAGES.noResponse}`, {
        code: 'wallet_proxy_no_response',
      });
    }
    return { secret: answer.secret, authUrl: answer.authUrl };
  }

  async function init(method: MfaMethod): Promise<MfaPasskeyRequestOptions | undefined> {
    if (method === 'totp') return undefined;
    if (method === 'sms') {
      await frame('latchkey:mfa:verify', { method, action: 'init' });
      return undefined;
    }
    const accessToken = await client.getAccessToken();
    if (!accessToken) {
      throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
        code: 'missing_access_token',
      });
    }
    const answer = await client.api.request<PasskeyOptionsResponse>({
      method: 'POST',
      path: MFA_PASSKEY_INIT_ROUTE,
      body: {},
      accessToken,
      retry: false,
    });
    return answer.options;
  }

  return {
    initEnrollment: initEnrollment as MfaClient['initEnrollment'],
    async submitEnrollment(parameters) {
      const data =
        parameters.method === 'totp'
          ? { method: parameters.method, code: parameters.code }
          : parameters.method === 'sms'
            ? {
                method: parameters.method,
                phoneNumber: parameters.phoneNumber,
                code: parameters.code,
              }
            : { method: parameters.method, credentialIds: [...parameters.credentialIds] };
      const user = adopt(await frame('latchkey:mfa:submit-enrollment', data));
      // The server counts an enrolment as a verification of the session.
      verifiedUntil = Date.now() + MFA_VERIFICATION_TTL_S * 1000;
      return user;
    },
    async unenroll(method) {
      return adopt(await frame('latchkey:mfa:unenroll', { method }));
    },
    verify: {
      init: init as MfaClient['verify']['init'],
      async submit(method, codeOrAssertion) {
        const answer = await frame('latchkey:mfa:verify', {
          method,
          action: 'submit',
          ...(typeof codeOrAssertion === 'string'
            ? { code: codeOrAssertion }
            : { response: codeOrAssertion }),
        });
        if (typeof answer.verifiedUntil !== 'number') {
          throw new WalletError(`walletProxy.mfa ${WALLET_ERROR_MESSAGES.noResponse}`, {
            code: 'wallet_proxy_no_response',
          });
        }
        verifiedUntil = answer.verifiedUntil;
        pending?.settle();
        return { verifiedUntil: answer.verifiedUntil };
      },
      cancel() {
        pending?.settle(canceled());
      },
    },
    setMfaRequiredHandler(next) {
      const previous = handler;
      handler = next;
      return () => {
        if (handler === next) handler = previous;
      };
    },
    async withMfa(operation) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await operation();
        } catch (error) {
          if (!isMfaRequiredError(error) || !handler || attempt >= MFA_MAX_REQUIRED_ATTEMPTS) {
            throw error;
          }
          await wait(attempt);
        }
      }
    },
    isWaiting: () => pending !== null,
    verifiedUntil: () => verifiedUntil,
  };
}

const shared = new WeakMap<LatchkeyClient, MfaClient>();

/**
 * The client's one MFA instance (one handler, one pending wait), over the client's shared wallet
 * frame (`client.sharedWalletBridge`): the embedded wallet manager and the modal's MFA screens
 * use the same. Load it from the lazy `@latchkey/core/embedded-wallet` entry.
 */
export function mfaClientOf(client: LatchkeyClient): MfaClient {
  let mfa = shared.get(client);
  if (!mfa) {
    mfa = createMfaClient({
      client,
      bridge: client.sharedWalletBridge(createEmbeddedWalletBridge),
    });
    shared.set(client, mfa);
  }
  return mfa;
}
