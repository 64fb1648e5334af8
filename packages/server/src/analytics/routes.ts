/**
 * `POST /api/v1/analytics_events` (spec section 7, "Analytics event post"): the client reports
 * events such as `embedded_wallet_creation_failed`; stored in `analytics_events`, answered 204.
 * No token needed, the app header is; the body is capped and the route is rate limited per IP.
 */
import { analyticsEventRequest, MAX_ANALYTICS_BODY_BYTES, ROUTES } from '@latchkey/api';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, ServerContext } from '../context.ts';
import { analyticsEvents } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readJson } from '../middleware/request.ts';
import { assertAllowed } from '../rate-limit.ts';

/** The analytics route, mounted by `createServer`. */
export function analyticsRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_ANALYTICS_BODY_BYTES,
    onError: () => {
      throw new ApiError('payload_too_large', 'Request body too large');
    },
  });

  r.post(ROUTES.analyticsEvents, limit, requireApp({ db: ctx.db, apps: ctx.apps }), async (c) => {
    const nowMs = ctx.now();
    assertAllowed(
      ctx.floodLimits.hit(
        `analytics:ip:${clientIp(c, ctx.trustProxy)}`,
        ctx.rateLimits.analyticsPerIp,
        nowMs,
      ),
    );
    const body = await readJson(c, analyticsEventRequest);
    await ctx.db.insert(analyticsEvents).values({
      appId: c.get('app').id,
      eventName: body.event_name,
      clientId: body.client_id ?? null,
      payload: body.payload ?? {},
      createdAt: new Date(nowMs),
    });
    return c.body(null, 204);
  });

  return r;
}
