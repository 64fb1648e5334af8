/**
 * The cross-app client registry (issue 21, step 1): which clients may connect to a provider app
 * ("log in to app B with app A's account"), set through the provider app's admin API
 * (`adminRoutes.ts`) and `latchkey cross-app` (`cli.ts`), and the public listing of the
 * providers a requester app may connect to (`routes.ts`).
 *
 * A client is a requester Latchkey app (its client id is its app id) or an outside OpenID Connect
 * relying party. A confidential client gets a server-generated secret (32 random bytes,
 * base64url), answered once; it is sealed at rest like the app's other third-party secrets
 * (JWE `dir`, A256GCM under the server's signing-key encryption key) with the provider app id and
 * client id inside the sealed value, so a sealed secret copied into another row does not open.
 * A public client has no secret (PKCE only). The OpenID Connect endpoints (a later step) read a
 * client with {@link findClient}.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { openBound, randomToken, SealedValueError, sealBound } from '../crypto.ts';
import { apps, type CrossAppClientRow, crossAppClients } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import {
  type AdminCrossAppClient,
  type AdminCrossAppClientRequest,
  type AdminCrossAppClientSaved,
  type AdminCrossAppClientsResponse,
  crossAppClientId,
  type CrossAppConnectionsResponse,
} from '@latchkey/api';

/** Bytes of randomness in a client secret (base64url: 43 characters). */
export const CLIENT_SECRET_BYTES = 32;

const SEAL_KIND = 'cross_app_client_secret';

/** Message of `cross_app_self_client`. */
export const SELF_CLIENT_MESSAGE = 'An app cannot be registered as a cross-app client of itself';

/** One registered client as the later OpenID Connect step reads it, its secret unsealed. */
export interface CrossAppClient {
  providerAppId: string;
  clientId: string;
  /** Exact strings, compared as such. */
  redirectUris: string[];
  readOnly: boolean;
  /** The client secret of a confidential client; null for a public client (PKCE only). */
  clientSecret: string | null;
}

function sealSecret(
  ctx: Pick<ServerContext, 'keys'>,
  providerAppId: string,
  clientId: string,
  secret: string,
): Promise<string> {
  return sealBound(
    ctx.keys.keyEncryptionKey,
    { kind: SEAL_KIND, providerAppId, clientId },
    secret,
    'secret',
  );
}

async function unsealSecret(
  ctx: Pick<ServerContext, 'keys'>,
  providerAppId: string,
  clientId: string,
  sealed: string,
): Promise<string> {
  try {
    return await openBound(
      ctx.keys.keyEncryptionKey,
      { kind: SEAL_KIND, providerAppId, clientId },
      sealed,
      'secret',
    );
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    throw new Error(
      `The sealed secret of cross-app client ${clientId} does not belong to app ${providerAppId}`,
      { cause: error },
    );
  }
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The admin view of a row (never the secret). */
function view(row: CrossAppClientRow): AdminCrossAppClient {
  return {
    client_id: row.clientId,
    redirect_uris: row.redirectUris,
    read_only: row.readOnly,
    confidential: row.clientSecretSealed !== null,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}

/**
 * Checks a client id from a path or the command line.
 * @throws ApiError `invalid_data` (400) for an id that is not a `crossAppClientId`.
 */
function checkClientId(clientId: string): void {
  const parsed = crossAppClientId.safeParse(clientId);
  if (!parsed.success) {
    throw new ApiError('invalid_data', 'Invalid client id', {
      issues: parsed.error.issues.map((i) => ({ path: 'client_id', message: i.message })),
    });
  }
}

async function readRow(ctx: Pick<ServerContext, 'db'>, providerAppId: string, clientId: string) {
  const [row] = await ctx.db
    .select()
    .from(crossAppClients)
    .where(
      and(eq(crossAppClients.providerAppId, providerAppId), eq(crossAppClients.clientId, clientId)),
    );
  return row;
}

/** A provider app's registered clients, ordered by client id (`adminCrossAppClientsResponse`). */
export async function listClients(
  ctx: Pick<ServerContext, 'db'>,
  providerAppId: string,
): Promise<AdminCrossAppClientsResponse> {
  const rows = await ctx.db
    .select()
    .from(crossAppClients)
    .where(eq(crossAppClients.providerAppId, providerAppId))
    .orderBy(asc(crossAppClients.clientId));
  return { clients: rows.map(view) };
}

/**
 * Whether the app is a cross-app provider: at least one client is registered with it (issue 21).
 * Its wallet frame then also talks to the provider's own sign-in page on the API origin.
 */
export async function isCrossAppProvider(
  ctx: Pick<ServerContext, 'db'>,
  providerAppId: string,
): Promise<boolean> {
  const rows = await ctx.db
    .select({ clientId: crossAppClients.clientId })
    .from(crossAppClients)
    .where(eq(crossAppClients.providerAppId, providerAppId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Registers a client of a provider app, or replaces its settings (`PUT`: the whole request).
 * A confidential client gets a new secret when it has none yet (created, or switched from
 * public) or with `rotate_secret`; otherwise it keeps its secret. A client switched to public
 * drops its secret.
 * @param providerAppId an existing app's id (the caller checked it; the foreign key refuses
 *   others).
 * @returns the admin view with `client_secret`: the new secret when one was generated, else
 *   null (a secret is answered only once).
 * @throws ApiError `invalid_data` (400) for a bad client id, `cross_app_self_client` (400) when
 *   the client id is the provider app's own id.
 */
export async function saveClient(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  providerAppId: string,
  clientId: string,
  request: AdminCrossAppClientRequest,
): Promise<AdminCrossAppClientSaved> {
  checkClientId(clientId);
  if (clientId === providerAppId) throw new ApiError('cross_app_self_client', SELF_CLIENT_MESSAGE);
  const existing = await readRow(ctx, providerAppId, clientId);
  let secret: string | null = null;
  let sealed: string | null = null;
  if (request.confidential) {
    if (request.rotate_secret || !existing?.clientSecretSealed) {
      secret = randomToken(CLIENT_SECRET_BYTES);
      sealed = await sealSecret(ctx, providerAppId, clientId, secret);
    } else {
      sealed = existing.clientSecretSealed;
    }
  }
  const now = new Date(ctx.now());
  const values = {
    redirectUris: request.redirect_uris,
    readOnly: request.read_only,
    clientSecretSealed: sealed,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(crossAppClients)
    .values({ providerAppId, clientId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [crossAppClients.providerAppId, crossAppClients.clientId],
      set: values,
    })
    .returning();
  return { ...view(row!), client_secret: secret };
}

/**
 * Removes a client of a provider app.
 * @returns the clients left.
 * @throws ApiError `cross_app_client_not_found` (404) when the app has no such client.
 */
export async function deleteClient(
  ctx: Pick<ServerContext, 'db'>,
  providerAppId: string,
  clientId: string,
): Promise<AdminCrossAppClientsResponse> {
  const deleted = await ctx.db
    .delete(crossAppClients)
    .where(
      and(eq(crossAppClients.providerAppId, providerAppId), eq(crossAppClients.clientId, clientId)),
    )
    .returning({ clientId: crossAppClients.clientId });
  if (deleted.length === 0) {
    throw new ApiError(
      'cross_app_client_not_found',
      `App ${providerAppId} has no cross-app client ${clientId}`,
    );
  }
  return listClients(ctx, providerAppId);
}

/**
 * One client of a provider app with its secret unsealed (for the OpenID Connect step).
 * @returns the client, or undefined when the app has no such client.
 * @throws Error when the sealed secret does not open under this server's secret or belongs to
 *   another provider app or client (a server misconfiguration, answered as 500).
 */
export async function findClient(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  providerAppId: string,
  clientId: string,
): Promise<CrossAppClient | undefined> {
  const row = await readRow(ctx, providerAppId, clientId);
  if (!row) return undefined;
  return {
    providerAppId,
    clientId,
    redirectUris: row.redirectUris,
    readOnly: row.readOnly,
    clientSecret: row.clientSecretSealed
      ? await unsealSecret(ctx, providerAppId, clientId, row.clientSecretSealed)
      : null,
  };
}

/**
 * The public listing (spec section 7): every provider app that registered `requesterAppId` as
 * a client, with its name and logo, ordered by provider name (then id).
 * `provider_app_custom_api_url` is null: every provider app lives on this server.
 */
export async function connectionsOf(
  ctx: Pick<ServerContext, 'db'>,
  requesterAppId: string,
): Promise<CrossAppConnectionsResponse> {
  const rows = await ctx.db
    .select({
      id: apps.id,
      name: apps.name,
      logoUrl: apps.logoUrl,
      readOnly: crossAppClients.readOnly,
    })
    .from(crossAppClients)
    .innerJoin(apps, eq(apps.id, crossAppClients.providerAppId))
    .where(eq(crossAppClients.clientId, requesterAppId))
    .orderBy(asc(apps.name), asc(apps.id));
  return {
    connections: rows.map((r) => ({
      provider_app_id: r.id,
      provider_app_name: r.name,
      provider_app_icon_url: r.logoUrl,
      provider_app_custom_api_url: null,
      read_only: r.readOnly,
    })),
  };
}
