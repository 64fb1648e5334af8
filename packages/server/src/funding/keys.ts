/**
 * An app's MoonPay keys (issue 20): stored by the admin API (`PUT .../moonpay`) and
 * `latchkey moonpay set`, read by the on-ramp routes. The secret key is sealed at rest like the
 * app's other third-party secrets (JWE `dir`, A256GCM under the server's signing-key encryption
 * key), with the app id and environment inside the sealed value, so a sealed key copied into
 * another app's row or the other environment's column does not open. No route answers it.
 */
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { openBound, SealedValueError, sealBound } from '../crypto.ts';
import { type MoonpayKeysRow, moonpayKeys } from '../db/schema.ts';
import type { MoonPayEnvironment } from './moonpay.ts';
import type { AdminMoonpayKeysRequest, AdminMoonpayKeysResponse } from '@latchkey/api';

/** One environment's keys, unsealed. */
export interface MoonPayKeyPair {
  /** `pk_test_...` or `pk_live_...`: the widget's `apiKey` and the public API's key. */
  publishableKey: string;
  /** `sk_test_...` or `sk_live_...`: signs widget URLs. Server-side only. */
  secretKey: string;
}

const SEAL_KIND = 'moonpay_secret_key';

function sealSecret(
  ctx: Pick<ServerContext, 'keys'>,
  appId: string,
  environment: MoonPayEnvironment,
  secretKey: string,
): Promise<string> {
  return sealBound(
    ctx.keys.keyEncryptionKey,
    { kind: SEAL_KIND, appId, environment },
    secretKey,
    'secretKey',
  );
}

async function unsealSecret(
  ctx: Pick<ServerContext, 'keys'>,
  appId: string,
  environment: MoonPayEnvironment,
  sealed: string,
): Promise<string> {
  try {
    return await openBound(
      ctx.keys.keyEncryptionKey,
      { kind: SEAL_KIND, appId, environment },
      sealed,
      'secretKey',
    );
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    throw new Error(
      `The sealed MoonPay ${environment} secret key does not belong to app ${appId}`,
      {
        cause: error,
      },
    );
  }
}

/** The admin view of a row (publishable keys, whether a secret key is set). */
function view(row: MoonpayKeysRow | undefined): AdminMoonpayKeysResponse {
  const pair = (publishable: string | null | undefined, sealed: string | null | undefined) =>
    publishable && sealed ? { publishable_key: publishable, secret_key_set: true as const } : null;
  return {
    sandbox: pair(row?.sandboxPublishableKey, row?.sandboxSecretKeySealed),
    live: pair(row?.livePublishableKey, row?.liveSecretKeySealed),
  };
}

async function readRow(ctx: Pick<ServerContext, 'db'>, appId: string) {
  const [row] = await ctx.db.select().from(moonpayKeys).where(eq(moonpayKeys.appId, appId));
  return row;
}

/**
 * Stores an app's MoonPay keys: each environment given replaces that environment's pair, `null`
 * removes it, an absent one is kept.
 * @param appId an existing app's id (the caller checked it).
 * @returns the admin view (publishable keys, `secret_key_set`), never a secret key.
 */
export async function setMoonPayKeys(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
  request: AdminMoonpayKeysRequest,
): Promise<AdminMoonpayKeysResponse> {
  const values: Partial<typeof moonpayKeys.$inferInsert> = { updatedAt: new Date() };
  if (request.sandbox !== undefined) {
    values.sandboxPublishableKey = request.sandbox?.publishable_key ?? null;
    values.sandboxSecretKeySealed = request.sandbox
      ? await sealSecret(ctx, appId, 'sandbox', request.sandbox.secret_key)
      : null;
  }
  if (request.live !== undefined) {
    values.livePublishableKey = request.live?.publishable_key ?? null;
    values.liveSecretKeySealed = request.live
      ? await sealSecret(ctx, appId, 'live', request.live.secret_key)
      : null;
  }
  const [row] = await ctx.db
    .insert(moonpayKeys)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: moonpayKeys.appId, set: values })
    .returning();
  return view(row);
}

/** The admin view of an app's MoonPay keys (both environments null when none are set). */
export async function moonPayKeysView(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
): Promise<AdminMoonpayKeysResponse> {
  return view(await readRow(ctx, appId));
}

/**
 * An app's keys for one environment, unsealed.
 * @returns the pair, or undefined when that environment has none.
 * @throws Error when the sealed secret key does not open under this server's secret or belongs
 *   to another app or environment (a server misconfiguration, answered as 500).
 */
export async function moonPayKeysOf(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
  environment: MoonPayEnvironment,
): Promise<MoonPayKeyPair | undefined> {
  const row = await readRow(ctx, appId);
  const publishableKey =
    environment === 'sandbox' ? row?.sandboxPublishableKey : row?.livePublishableKey;
  const sealed = environment === 'sandbox' ? row?.sandboxSecretKeySealed : row?.liveSecretKeySealed;
  if (!publishableKey || !sealed) return undefined;
  return { publishableKey, secretKey: await unsealSecret(ctx, appId, environment, sealed) };
}

/**
 * An app's publishable key for one environment (the status route needs no secret), or undefined.
 */
export async function moonPayPublishableKeyOf(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  environment: MoonPayEnvironment,
): Promise<string | undefined> {
  const row = await readRow(ctx, appId);
  return (
    (environment === 'sandbox' ? row?.sandboxPublishableKey : row?.livePublishableKey) ?? undefined
  );
}
