/**
 * Terms and the shared answer of linking and unlinking (spec sections 5, 6 and 7; issue 6).
 * Every call needs a bearer access token and answers the updated user. Each method's own link,
 * unlink and update schemas are in `methods/<id>.schema.ts`.
 */
import * as z from 'zod';
import { user } from './user.ts';

/** `POST /api/v1/users/me/accept_terms`: empty body. */
export const acceptTermsRequest = z.object({});
export type AcceptTermsRequest = z.input<typeof acceptTermsRequest>;

/** Answer of every link, unlink, update and accept_terms call: the updated user. */
export const accountUpdateResponse = z.object({ user });
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponse>;
