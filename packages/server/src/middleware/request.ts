/** Request helpers: strict JSON bodies and the client IP behind trusted proxies. */
import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import proxyaddr from 'proxy-addr';
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';

/**
 * Whether `error`, thrown while reading the body of `c`, means the client went away before
 * sending all of it: the request's signal is aborted (@hono/node-server aborts it when the
 * connection closes early), or the body stream failed with Node's `ECONNRESET` ("aborted"),
 * `ERR_STREAM_PREMATURE_CLOSE` or an `AbortError`.
 */
function isClientAbort(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const e = error as { code?: unknown; name?: unknown } | null;
  return (
    e?.code === 'ECONNRESET' || e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || e?.name === 'AbortError'
  );
}

/**
 * Reads the request body with `read` (default: as text, `c.req.text()`, which Hono caches), so
 * that a client disconnecting mid-body is an ordinary refusal rather than an unhandled error:
 * nothing is logged and the handler stops (the answer goes nowhere: the client has left).
 *
 * @returns what `read` returns (the body text by default).
 * @throws ApiError `invalid_data` (400) when the client closed the connection before the whole
 *   body arrived; any other error of `read` as is.
 */
export async function readBody<T = string, E extends Env = Env>(
  c: Context<E>,
  read: () => Promise<T> = () => c.req.text() as Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isClientAbort(c as unknown as Context, error)) throw error;
    throw new ApiError('invalid_data', 'The request body was cut short: the client disconnected', {
      cause: error,
    });
  }
}

/**
 * Wraps a middleware that reads the request body itself (Hono's `bodyLimit` reads a chunked
 * body before the handler) so that a client disconnecting mid-body is the same quiet
 * `invalid_data` as in {@link readBody}, not an unhandled error. Errors of later handlers never
 * reach it (Hono hands them to `onError` where they are thrown).
 *
 * @returns the wrapped middleware.
 */
export function readsBody<E extends Env>(middleware: MiddlewareHandler<E>): MiddlewareHandler<E> {
  return (c, next) => readBody(c, () => middleware(c, next));
}

/**
 * Reads the body as JSON and validates it with `schema`. An empty body counts as `{}`.
 * (The size limit is enforced earlier by the body-limit middleware.)
 *
 * @returns the parsed value (schema output).
 * @throws ApiError `invalid_data` (400) for malformed JSON, a non-object, or a schema failure,
 *   with `issues` listing the failing fields, or a body cut short by the client ({@link readBody}).
 */
export async function readJson<S extends z.ZodType, E extends Env = Env>(
  c: Context<E>,
  schema: S,
): Promise<z.output<S>> {
  const text = await readBody(c);
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
 * Which addresses in front of the server are trusted proxies, as proxy-addr's trust function:
 * `(address, hop) => boolean`, where `hop` 0 is the socket peer and hop `i` (>= 1) the `i`-th
 * `X-Forwarded-For` entry counted from the right. Built by {@link compileTrustProxy}.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The trust setting of {@link compileTrustProxy} (`LATCHKEY_TRUST_PROXY`, the `trustProxy`
 * option of `createServer`):
 * - `false`, `0`, `''`, `'0'`, `'false'`, undefined: no proxy; the socket address is the client.
 * - a hop count `n` (number or digits, e.g. `1` or `'1'`): the `n` nearest hops are proxies
 *   (`1` = one reverse proxy or load balancer in front); `true` and `'true'` mean `1`.
 * - addresses, CIDRs or proxy-addr's named ranges, as an array or a comma list: those hops are
 *   proxies, e.g. `'loopback'`, `'10.0.0.0/8, fd00::/8'`, `['uniquelocal', '203.0.113.7']`
 *   (`loopback` = 127.0.0.1/8 and ::1; `linklocal` = 169.254.0.0/16 and fe80::/10;
 *   `uniquelocal` = 10/8, 172.16/12, 192.168/16 and fc00::/7).
 */
export type TrustProxySetting = boolean | number | string | readonly string[];

/** Trusts no proxy: the socket's peer is the client. */
const TRUST_NONE: TrustProxy = () => false;

/**
 * Longest `X-Forwarded-For` value read, in characters (~20 IPv6 hops). Beyond it only the
 * right-most part is kept (the entries the nearest, trusted proxies appended); the left-most
 * entries, which the client wrote and never decide the result, are dropped.
 */
export const MAX_FORWARDED_FOR_LENGTH = 1024;

/**
 * Compiles a {@link TrustProxySetting} into a trust function for {@link clientIp}.
 *
 * @returns a {@link TrustProxy}; trusts nothing for an empty or false setting.
 * @throws Error naming the setting when an entry is neither a hop count, a named range, an IP
 *   address nor a CIDR (e.g. `'10.0.0.0/33'`, `'proxy.local'`), or a hop count is negative.
 */
export function compileTrustProxy(setting: TrustProxySetting | undefined): TrustProxy {
  if (setting === undefined || setting === false) return TRUST_NONE;
  if (setting === true) return hopCount(1);
  if (typeof setting === 'number') return hopCount(setting);
  let entries: string[];
  if (typeof setting === 'string') {
    const value = setting.trim();
    if (value === '' || value === 'false') return TRUST_NONE;
    if (value === 'true') return hopCount(1);
    if (/^\d+$/.test(value)) return hopCount(Number(value));
    entries = value.split(',');
  } else {
    entries = [...setting];
  }
  entries = entries.map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return TRUST_NONE;
  try {
    return proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(
      `Trusted proxy setting "${entries.join(',')}": ${(error as Error).message} ` +
        '(expected a hop count, or IPs, CIDRs, loopback, linklocal, uniquelocal)',
      { cause: error },
    );
  }
}

function hopCount(n: number): TrustProxy {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(`Trusted proxy hop count must be a whole number >= 0, got ${n}`);
  }
  return n === 0 ? TRUST_NONE : (_address, hop) => hop < n;
}

/**
 * The right-most {@link MAX_FORWARDED_FOR_LENGTH} characters of an `X-Forwarded-For` value,
 * starting at an entry boundary (a cut entry is dropped whole).
 */
export function boundForwardedFor(value: string): string {
  if (value.length <= MAX_FORWARDED_FOR_LENGTH) return value;
  const tail = value.slice(-MAX_FORWARDED_FOR_LENGTH);
  const comma = tail.indexOf(',');
  return comma === -1 ? '' : tail.slice(comma + 1);
}

/**
 * The client's IP address, by the trusted-proxy algorithm of proxy-addr (as Express's
 * `trust proxy`): start at the socket's peer and walk `X-Forwarded-For` from right to left
 * while the current hop is trusted; the first untrusted hop (or the left-most entry, when all
 * are trusted) is the client. Entries left of it, which the client can write, are never used,
 * so a forged header cannot move a request into another rate-limit bucket. The header is
 * bounded by {@link boundForwardedFor}.
 *
 * @param trust from {@link compileTrustProxy}; {@link TRUST_NONE} (the default) ignores the header.
 * @returns an IP address as written by the socket or the proxy (e.g. `203.0.113.7`,
 *   `::ffff:127.0.0.1`); `'unknown'` when there is none (e.g. under `app.request()` without
 *   bindings and no trusted header).
 */
export function clientIp<E extends Env>(c: Context<E>, trust: TrustProxy): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c as unknown as Context).remote.address;
  } catch {
    socketAddress = undefined;
  }
  if (trust === TRUST_NONE) return socketAddress ?? 'unknown';
  const forwardedFor = boundForwardedFor(c.req.header('x-forwarded-for') ?? '');
  // proxy-addr reads a Node request; only these two fields are used.
  const req = {
    headers: { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: socketAddress },
  } as unknown as IncomingMessage;
  return proxyaddr(req, trust) ?? 'unknown';
}
