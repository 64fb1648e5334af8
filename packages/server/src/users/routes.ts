/**
 * User routes of issue 6: `POST /api/v1/users/me/accept_terms` (spec section 7).
 * STUB: filled in by the accounts work.
 */
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';

/** The user routes (stub: none yet). */
export function userRoutes(_ctx: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
