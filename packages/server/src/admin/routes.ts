/**
 * The admin API (issue 6): `/api/v1/admin/apps/{appId}`, guarded by the app secret (HTTP Basic).
 * STUB: filled in by the admin work.
 */
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';

/** The admin routes (stub: none yet). */
export function adminRoutes(_ctx: ServerContext): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
