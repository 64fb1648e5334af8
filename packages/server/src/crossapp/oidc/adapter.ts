/**
 * The storage of a provider app's OpenID Connect provider (`oidc-provider`'s `Adapter`, issue 21
 * item 1): its interactions, sessions, grants, authorization codes and access tokens live in
 * `oidc_payloads`, keyed by provider app, model and id, so a flow started on one server process
 * finishes on another. Clients are not stored here: the `Client` model reads the cross-app
 * client registry (`../clients.ts`), so a change made with `latchkey cross-app` or the admin API
 * holds at the next request.
 *
 * An authorization code is consumed by one conditional `UPDATE`: of two exchanges racing with the
 * same code, exactly one wins; the other gets `invalid_grant` and, as for any reuse, the grant's
 * tokens are revoked (RFC 6749 section 4.1.2).
 */
import { and, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload, errors } from 'oidc-provider';
import type { ServerContext } from '../../context.ts';
import { oidcPayloads } from '../../db/schema.ts';
import { findClient } from '../clients.ts';

/** Chance, per write, that expired rows are deleted (they are never answered anyway). */
const CLEANUP_CHANCE = 0.02;

/**
 * The client metadata `oidc-provider` gets for a registered client: the authorization code flow
 * only, exact redirect URIs, ES256 ID tokens, `client_secret_basic` for a confidential client
 * and `none` (PKCE only) for a public one.
 */
async function clientMetadata(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  providerAppId: string,
  clientId: string,
): Promise<AdapterPayload | undefined> {
  const client = await findClient(ctx, providerAppId, clientId);
  if (!client) return undefined;
  return {
    client_id: client.clientId,
    ...(client.clientSecret === null
      ? { token_endpoint_auth_method: 'none' }
      : { client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }),
    redirect_uris: client.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    id_token_signed_response_alg: 'ES256',
  };
}

/**
 * The adapter factory of one provider app (`Configuration.adapter`).
 * @param providerAppId the app whose provider this is; every row read or written carries it.
 * @param oidcErrors the library's `errors` (it is imported lazily, see `provider.ts`).
 */
export function oidcAdapter(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  providerAppId: string,
  oidcErrors: typeof errors,
): (model: string) => Adapter {
  const { db } = ctx;
  return (model: string): Adapter => {
    /** This provider's rows of this model that also match `where`. */
    const ofModel = (where: SQL) =>
      and(eq(oidcPayloads.appId, providerAppId), eq(oidcPayloads.model, model), where);
    const key = (id: string) => ofModel(eq(oidcPayloads.id, id));
    const live = sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`;

    const findWhere = async (where: ReturnType<typeof and>) => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(where, live))
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt
        ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt,
        };
        await db
          .insert(oidcPayloads)
          .values({ appId: providerAppId, model, id, ...values })
          .onConflictDoUpdate({
            target: [oidcPayloads.appId, oidcPayloads.model, oidcPayloads.id],
            set: values,
          });
        if (Math.random() < CLEANUP_CHANCE) {
          await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
        }
      },

      async find(id) {
        if (model === 'Client') return clientMetadata(ctx, providerAppId, id);
        return findWhere(key(id));
      },

      findByUid: (uid) => findWhere(ofModel(eq(oidcPayloads.uid, uid))),

      findByUserCode: (userCode) => findWhere(ofModel(eq(oidcPayloads.userCode, userCode))),

      async consume(id) {
        const won = await db
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(key(id), isNull(oidcPayloads.consumedAt)))
          .returning({ grantId: oidcPayloads.grantId });
        if (won.length > 0) return;
        // Another exchange consumed it first: this one is a reuse.
        const [row] = await db
          .select({ grantId: oidcPayloads.grantId })
          .from(oidcPayloads)
          .where(key(id));
        if (row?.grantId) await this.revokeByGrantId(row.grantId);
        throw new oidcErrors.InvalidGrant(
          `${model === 'AuthorizationCode' ? 'authorization code' : 'token'} already consumed`,
        );
      },

      async destroy(id) {
        await db.delete(oidcPayloads).where(key(id));
      },

      async revokeByGrantId(grantId) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.appId, providerAppId), eq(oidcPayloads.grantId, grantId)));
      },
    };
  };
}
