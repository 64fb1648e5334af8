/**
 * The ES256 key of a provider app's OpenID Connect provider (issue 21, item 1), made with jose on
 * first use and kept sealed in `cross_app_oidc_keys` (JWE `dir`, A256GCM, under the server's
 * signing-key encryption key). One row per app: when two processes make a key at once, the
 * insert of the second does nothing and both read the first's, so every process signs and
 * publishes the same key.
 */
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { ServerContext } from '../../context.ts';
import { decryptString, encryptString } from '../../crypto.ts';
import { crossAppOidcKeys } from '../../db/schema.ts';

/**
 * The provider app's private signing JWK (`kid` = RFC 7638 thumbprint, `alg: 'ES256'`,
 * `use: 'sig'`), made and stored when the app has none yet.
 */
export async function oidcSigningJwk(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  providerAppId: string,
): Promise<JWK> {
  const read = async () => {
    const [row] = await ctx.db
      .select({ kid: crossAppOidcKeys.kid, privateJwe: crossAppOidcKeys.privateJwe })
      .from(crossAppOidcKeys)
      .where(eq(crossAppOidcKeys.appId, providerAppId));
    if (!row) return undefined;
    const jwk = JSON.parse(await decryptString(row.privateJwe, ctx.keys.keyEncryptionKey)) as JWK;
    return { ...jwk, kid: row.kid, alg: 'ES256', use: 'sig' };
  };
  const existing = await read();
  if (existing) return existing;
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  const privateJwe = await encryptString(
    JSON.stringify(await exportJWK(privateKey)),
    ctx.keys.keyEncryptionKey,
  );
  await ctx.db
    .insert(crossAppOidcKeys)
    .values({ appId: providerAppId, kid, privateJwe })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`No OpenID Connect signing key for app ${providerAppId}`);
  return stored;
}
