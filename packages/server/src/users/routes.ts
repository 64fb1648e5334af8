/**
 * User routes of issue 6 (spec section 7):
 * - `POST /api/v1/users/me/accept_terms` (bearer, empty body) -> `{user}`: records the user's
 *   consent to the app's terms (`has_accepted_terms`, `accepted_terms_at`; spec section 2,
 *   AFFIRMATIVE_CONSENT_SCREEN).
 */
import { acceptTermsRequest, ROUTES } from '@latchkey/api';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { requireApp } from '../middleware/app.ts';
import { readJson } from '../middleware/request.ts';
import { requireUser } from '../middleware/requireUser.ts';
import { accountUpdateAnswer } from './service.ts';

/**
 * Records that `userId` accepted the terms now (`ctx.now()`). Idempotent: the first acceptance time is
 * kept.
 */
export async function acceptTerms(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({ hasAcceptedTerms: true, acceptedTermsAt: new Date(ctx.now()) })
    .where(and(eq(users.id, userId), eq(users.appId, appId), eq(users.hasAcceptedTerms, false)));
}

/** The user routes, mounted by `createServer`. */
export function userRoutes(ctx: ServerContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.post(ROUTES.acceptTerms, app, requireUser(ctx), async (c) => {
    await readJson(c, acceptTermsRequest);
    const { userId } = c.get('auth');
    await acceptTerms(ctx, c.get('app').id, userId);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
