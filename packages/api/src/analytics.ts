import * as z from 'zod';

/** Largest analytics event body the server reads, in bytes. */
export const MAX_ANALYTICS_BODY_BYTES = 8 * 1024;

/**
 * `POST /api/v1/analytics_events` (spec section 7, "Analytics event post"): fire and forget,
 * answered 204 with no body; the client neither retries nor reports errors. Sent with the app
 * header; no token needed. Examples: `embedded_wallet_creation_failed`,
 * `embedded_wallet_creation_failure_logout`.
 */
export const analyticsEventRequest = z.object({
  event_name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  /** A random id the client keeps per browser, or null. */
  client_id: z.string().max(128).nullable().optional(),
  /** Free-form details (e.g. `{error, screen}`); the whole body is capped. */
  payload: z.record(z.string(), z.unknown()).optional(),
});
export type AnalyticsEventRequest = z.input<typeof analyticsEventRequest>;
