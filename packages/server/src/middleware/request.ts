/** Request helpers: strict JSON bodies and the client IP. */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';

/**
 * Reads the body as JSON and validates it with `schema`. An empty body counts as `{}`.
 * (The size limit is enforced earlier by the body-limit middleware.)
 *
 * @returns the parsed value (schema output).
 * @throws ApiError `invalid_data` (400) for malformed JSON, a non-object, or a schema failure,
 *   with `issues` listing the failing fields.
 */
export async function readJson<S extends z.ZodType, E extends AppEnv = AppEnv>(
  c: Context<E>,
  schema: S,
): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError('invalid_data', 'Malformed JSON body');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalid_data', 'The body must be a JSON object');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw new ApiError('invalid_data', 'Invalid request data', { issues });
  }
  return parsed.data;
}

/**
 * The client's IP address: the socket's remote address (via @hono/node-server), or the first
 * `X-Forwarded-For` entry when `trustProxy` is set. `'unknown'` when neither exists
 * (e.g. under `app.request()` without bindings).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c as unknown as Context).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
