import * as z from 'zod';
import { CODE_LENGTH, MAX_EMAIL_LENGTH } from './constants.ts';
import { EMAIL_PATTERN } from './email.ts';
import { user } from './user.ts';

/**
 * An email address as the API accepts it: trimmed, lower-cased, at most 254 characters,
 * of the usual `local@domain.tld` form. The same rule disables Submit in the modal (spec section 5).
 */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN }));

/** A login code: a string of exactly six digits once trimmed (spec section 5). */
export const loginCode = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), 'Code should be numeric');

/** What the server tells the client to do with the tokens it holds (spec section 4). */
export const SESSION_UPDATE_ACTIONS = ['set', 'clear', 'ignore'] as const;
export type SessionUpdateAction = (typeof SESSION_UPDATE_ACTIONS)[number];

/** Answer of every code-sending init call. Identical for known and unknown addresses. */
export const codeSentResponse = z.object({ success: z.literal(true) });
export type CodeSentResponse = z.infer<typeof codeSentResponse>;

/** Tokens and user answered by every login and by a session refresh. */
export const sessionResponse = z.object({
  user: user,
  /** ES256 access token (JWT), or null when cookies carry it. */
  token: z.string().nullable(),
  /** Opaque refresh token, or null when an HttpOnly cookie carries it. */
  refresh_token: z.string().nullable(),
  session_update_action: z.enum(SESSION_UPDATE_ACTIONS),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Answer of a login: the session plus whether the user was created by it. */
export const authenticateResponse = sessionResponse.extend({ is_new_user: z.boolean() });
export type AuthenticateResponse = z.infer<typeof authenticateResponse>;

/** `POST /api/v1/sessions` (refresh) and `POST /api/v1/sessions/logout`. The token may come from a cookie. */
export const refreshRequest = z.object({ refresh_token: z.string().max(512).optional() });
export type RefreshRequest = z.input<typeof refreshRequest>;

/**
 * Answer of `POST /api/v1/sessions/fork` (spec section 7; issue 21), asked with
 * {@link refreshRequest}: the caller's session rotated exactly as by a refresh (`token`,
 * `refresh_token`, `user`, `session_update_action`, cookies in cookie mode), and
 * `new_session_refresh_token`, the refresh token of a second session of the same user (always
 * in the body: it is meant to be handed on). The new session is bound to the same wallet frame
 * key as the caller's (or unbound, as it was) and starts without MFA verification.
 */
export const forkSessionResponse = sessionResponse.extend({
  new_session_refresh_token: z.string(),
});
export type ForkSessionResponse = z.infer<typeof forkSessionResponse>;

/**
 * Answer of `POST /api/v1/sessions/logout`: `{}`, or `{session_update_action: 'clear'}` in
 * server-cookie mode, where the server also expires the cookies (spec sections 4 and 9).
 */
export const logoutResponse = z.object({
  session_update_action: z.enum(SESSION_UPDATE_ACTIONS).optional(),
});
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** `GET /api/v1/users/me`. */
export const userResponse = z.object({ user: user });
export type UserResponse = z.infer<typeof userResponse>;

/** One message in the development outbox (`GET /dev/outbox`), newest last. */
export const outboxMessage = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  text: z.string(),
  code: z.string().nullable(),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
