/**
 * The wallet frame's MFA handlers (issue 15; spec section 7 events `mfa verify`,
 * `init-enrollment`, `submit-enrollment`, `unenroll`). The frame makes every MFA call itself,
 * with `Authorization: DPoP` and a proof by its own key, so the server credits the verification
 * to this frame's session only: the host page holds the token but cannot verify, enrol or remove
 * a factor with it.
 *
 * Codes come from the host's modal (the user types them there); they are second-factor codes,
 * single use and short-lived, and useless to a token thief without the frame's key.
 */
import {
  FRAME_EVENTS,
  type FrameEvent,
  type FramePayloads,
  MFA_METHODS,
  MFA_ROUTES,
  mfaCodeError,
  type MfaMethod,
  type UserWire,
} from '@latchkey/api';
import { CustodyError } from '../custody/errors.ts';
import type { FrameHandler } from './router.ts';
import { invalid, record } from './request-data.ts';
import type { ShareApi } from './share-api.ts';

function methodOf(data: Record<string, unknown>, allowed: readonly MfaMethod[]): MfaMethod {
  const { method } = data;
  if (typeof method !== 'string' || !(allowed as readonly string[]).includes(method)) {
    throw invalid(`method must be one of ${allowed.join(', ')}`);
  }
  return method as MfaMethod;
}

/** A 6-digit code as typed (spaces trimmed); the server checks it again. */
function codeOf(data: Record<string, unknown>): string {
  const code = typeof data.code === 'string' ? data.code.trim() : '';
  const error = mfaCodeError(code);
  if (error) throw invalid(error);
  return code;
}

function phoneOf(data: Record<string, unknown>): string {
  const { phoneNumber } = data;
  if (typeof phoneNumber !== 'string' || phoneNumber.trim() === '') {
    throw invalid('phoneNumber is required');
  }
  return phoneNumber.trim();
}

function userOf(answer: unknown): UserWire {
  const user = (answer as { user?: unknown } | undefined)?.user;
  if (typeof user !== 'object' || user === null) {
    throw new CustodyError('error', 'The wallet service did not answer the user');
  }
  return user as UserWire;
}

/**
 * The MFA handlers for `createFrameRouter`, on the frame's share client.
 * @param authorize the custody token check (`createCustody(...).authorize`): the token's user.
 */
export function createMfaHandlers(
  api: ShareApi,
  authorize: (data: Record<string, unknown>) => { token: string },
): Partial<Record<FrameEvent, FrameHandler>> {
  const verify: FrameHandler = async (input) => {
    const data = record(input);
    const { token } = authorize(data);
    const method = methodOf(data, MFA_METHODS);
    const action = data.action;
    if (action === 'init') {
      if (method === 'sms') await api.mfa(token, MFA_ROUTES.mfaSmsInit, { action: 'verify' });
      else if (method === 'passkey') {
        throw invalid('Passkey options come from POST /api/v1/mfa/passkeys/init (bearer)');
      }
      return {} satisfies FramePayloads['latchkey:mfa:verify']['out'];
    }
    if (action !== 'submit') throw invalid("action must be 'init' or 'submit'");
    let answer: unknown;
    if (method === 'passkey') {
      if (typeof data.response !== 'object' || data.response === null) {
        throw invalid('response (a WebAuthn assertion) is required');
      }
      answer = await api.mfa(token, MFA_ROUTES.mfaPasskeysVerify, { response: data.response });
    } else {
      const path = method === 'totp' ? MFA_ROUTES.mfaTotpVerify : MFA_ROUTES.mfaSmsVerify;
      answer = await api.mfa(token, path, { code: codeOf(data) });
    }
    const until = (answer as { verified_until?: unknown } | undefined)?.verified_until;
    if (typeof until !== 'number') {
      throw new CustodyError('error', 'The wallet service did not confirm the verification');
    }
    return { verifiedUntil: until * 1000 } satisfies FramePayloads['latchkey:mfa:verify']['out'];
  };

  const initEnrollment: FrameHandler = async (input) => {
    const data = record(input);
    const { token } = authorize(data);
    const method = methodOf(data, ['totp', 'sms']);
    if (method === 'sms') {
      await api.mfa(token, MFA_ROUTES.mfaSmsInit, {
        action: 'enroll',
        phone_number: phoneOf(data),
      });
      return {} satisfies FramePayloads['latchkey:mfa:init-enrollment']['out'];
    }
    const answer = (await api.mfa(token, MFA_ROUTES.mfaTotpInit, {})) as
      { secret?: unknown; auth_url?: unknown } | undefined;
    if (typeof answer?.secret !== 'string' || typeof answer.auth_url !== 'string') {
      throw new CustodyError('error', 'The wallet service did not start the enrolment');
    }
    return {
      secret: answer.secret,
      authUrl: answer.auth_url,
    } satisfies FramePayloads['latchkey:mfa:init-enrollment']['out'];
  };

  const submitEnrollment: FrameHandler = async (input) => {
    const data = record(input);
    const { token } = authorize(data);
    const method = methodOf(data, MFA_METHODS);
    let answer: unknown;
    if (method === 'totp') {
      answer = await api.mfa(token, MFA_ROUTES.mfaTotpEnroll, { code: codeOf(data) });
    } else if (method === 'sms') {
      answer = await api.mfa(token, MFA_ROUTES.mfaSmsEnroll, {
        phone_number: phoneOf(data),
        code: codeOf(data),
      });
    } else {
      const ids = data.credentialIds;
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
        throw invalid('credentialIds must be a non-empty list of passkey credential ids');
      }
      answer = await api.mfa(token, MFA_ROUTES.mfaPasskeysEnroll, { credential_ids: ids });
    }
    return {
      user: userOf(answer),
    } satisfies FramePayloads['latchkey:mfa:submit-enrollment']['out'];
  };

  const unenroll: FrameHandler = async (input) => {
    const data = record(input);
    const { token } = authorize(data);
    const method = methodOf(data, MFA_METHODS);
    const answer = await api.mfa(token, MFA_ROUTES.mfaUnenroll, { method });
    return { user: userOf(answer) } satisfies FramePayloads['latchkey:mfa:unenroll']['out'];
  };

  return {
    [FRAME_EVENTS.mfaVerify]: verify,
    [FRAME_EVENTS.mfaInitEnrollment]: initEnrollment,
    [FRAME_EVENTS.mfaSubmitEnrollment]: submitEnrollment,
    [FRAME_EVENTS.mfaUnenroll]: unenroll,
  };
}
