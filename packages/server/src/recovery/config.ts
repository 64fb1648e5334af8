/**
 * An app's cloud recovery settings (issue 23 item 2): how the API reaches Google's
 * authorization server and tells the frame where Drive and CloudKit are. The app's
 * `user_owned_recovery_options` (spec section 3) says which methods are offered; this row says
 * how. Every base URL is config, so an operator points them at the real services (the defaults)
 * or at the local stand-ins (`test-support/google-drive.ts`, `test-support/cloudkit.ts`).
 */
import {
  type AdminRecoveryCloudRequest,
  type AdminRecoveryCloudResponse,
  CLOUDKIT_API_URL,
  GOOGLE_DRIVE_API_URL,
  GOOGLE_ISSUER,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { openBound, sealBound } from '../crypto.ts';
import { recoveryCloudConfigs } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** The Google Drive half: the app's OAuth client at Google (or the local OpenID provider). */
export interface GoogleDriveRecoverySettings {
  clientId: string;
  /** Null or absent: a public client (PKCE only). */
  clientSecret?: string | null;
  /** The authorization server's issuer (OpenID discovery). Default {@link GOOGLE_ISSUER}. */
  issuer?: string | null;
  /** The Drive REST API base. Default {@link GOOGLE_DRIVE_API_URL}. */
  driveApiUrl?: string | null;
}

/** The iCloud half: the app's CloudKit container and its web API token. */
export interface CloudKitRecoverySettings {
  /** `iCloud.`-prefixed container id. */
  container: string;
  environment: 'development' | 'production';
  /** CloudKit's web API token (public by design: CloudKit JS pages carry it). */
  apiToken: string;
  /** CloudKit Web Services base. Default {@link CLOUDKIT_API_URL}. */
  apiUrl?: string | null;
}

/** What {@link setRecoveryCloudConfig} stores; an absent half is left as it was. */
export interface RecoveryCloudSettings {
  google?: GoogleDriveRecoverySettings | null;
  cloudkit?: CloudKitRecoverySettings | null;
}

/** The Google half as the flows use it, with defaults filled in and the secret opened. */
export interface ResolvedGoogleDriveSettings {
  clientId: string;
  clientSecret: string | null;
  issuer: string;
  driveApiUrl: string;
}

/** The iCloud half with defaults filled in. */
export type ResolvedCloudKitSettings = Required<CloudKitRecoverySettings> & { apiUrl: string };

const trimmed = (url: string) => url.replace(/\/+$/, '');

function assertUrl(value: string | null | undefined, name: string): void {
  if (value === null || value === undefined) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError('invalid_data', `${name} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError('invalid_data', `${name} must be an http(s) URL`);
  }
}

/**
 * Stores (or replaces) the given halves of an app's cloud recovery settings; `null` clears a
 * half, `undefined` keeps it. The Google client secret is sealed at rest (JWE under the
 * signing-key encryption key, bound to the app).
 * @throws ApiError `invalid_data` for a base URL or issuer that is not an http(s) URL, or a
 *   container that does not start with `iCloud.`.
 */
export async function setRecoveryCloudConfig(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
  settings: RecoveryCloudSettings,
): Promise<void> {
  const values: Partial<typeof recoveryCloudConfigs.$inferInsert> = { updatedAt: new Date() };
  if (settings.google !== undefined) {
    const g = settings.google;
    assertUrl(g?.issuer, 'issuer');
    assertUrl(g?.driveApiUrl, 'drive_api_url');
    values.googleClientId = g?.clientId ?? null;
    values.googleClientSecretSealed = g?.clientSecret
      ? await sealBound(
          ctx.keys.keyEncryptionKey,
          { appId, kind: 'recovery_google' },
          g.clientSecret,
        )
      : null;
    values.googleIssuer = g?.issuer ? trimmed(g.issuer) : null;
    values.googleDriveApiUrl = g?.driveApiUrl ? trimmed(g.driveApiUrl) : null;
  }
  if (settings.cloudkit !== undefined) {
    const k = settings.cloudkit;
    if (k && !k.container.startsWith('iCloud.')) {
      throw new ApiError('invalid_data', 'A CloudKit container id starts with iCloud.');
    }
    assertUrl(k?.apiUrl, 'cloudkit_api_url');
    values.cloudkitContainer = k?.container ?? null;
    values.cloudkitEnvironment = k?.environment ?? null;
    values.cloudkitApiToken = k?.apiToken ?? null;
    values.cloudkitApiUrl = k?.apiUrl ? trimmed(k.apiUrl) : null;
  }
  await ctx.db
    .insert(recoveryCloudConfigs)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: recoveryCloudConfigs.appId, set: values });
}

async function configRow(ctx: Pick<ServerContext, 'db'>, appId: string) {
  const [row] = await ctx.db
    .select()
    .from(recoveryCloudConfigs)
    .where(eq(recoveryCloudConfigs.appId, appId));
  return row;
}

/**
 * The app's Google Drive settings, defaults filled in and the secret opened.
 * @throws ApiError `recovery_oauth_not_configured` (409) when the app has no Google client for
 *   recovery; `internal_error` when the sealed secret does not open.
 */
export async function googleDriveSettings(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
): Promise<ResolvedGoogleDriveSettings> {
  const row = await configRow(ctx, appId);
  if (!row?.googleClientId) {
    throw new ApiError(
      'recovery_oauth_not_configured',
      'Google Drive recovery is not configured for this app',
    );
  }
  let clientSecret: string | null = null;
  if (row.googleClientSecretSealed) {
    try {
      clientSecret = await openBound(
        ctx.keys.keyEncryptionKey,
        { appId, kind: 'recovery_google' },
        row.googleClientSecretSealed,
      );
    } catch (cause) {
      throw new ApiError('internal_error', 'The Google client secret cannot be opened', { cause });
    }
  }
  return {
    clientId: row.googleClientId,
    clientSecret,
    issuer: row.googleIssuer ?? GOOGLE_ISSUER,
    driveApiUrl: row.googleDriveApiUrl ?? GOOGLE_DRIVE_API_URL,
  };
}

/**
 * The app's CloudKit settings, defaults filled in.
 * @throws ApiError `recovery_oauth_not_configured` (409) when the app has no CloudKit container.
 */
export async function cloudKitSettings(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
): Promise<ResolvedCloudKitSettings> {
  const row = await configRow(ctx, appId);
  if (!row?.cloudkitContainer || !row.cloudkitApiToken || !row.cloudkitEnvironment) {
    throw new ApiError(
      'recovery_oauth_not_configured',
      'iCloud recovery is not configured for this app',
    );
  }
  return {
    container: row.cloudkitContainer,
    environment: row.cloudkitEnvironment,
    apiToken: row.cloudkitApiToken,
    apiUrl: row.cloudkitApiUrl ?? CLOUDKIT_API_URL,
  };
}

/**
 * The origins the wallet frame of `appId` calls for cloud recovery (the Drive API's, CloudKit's),
 * for its CSP `connect-src`; empty when the app has no cloud recovery settings.
 */
export async function cloudRecoveryOrigins(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
): Promise<string[]> {
  const row = await configRow(ctx, appId);
  if (!row) return [];
  const origins = new Set<string>();
  if (row.googleClientId)
    origins.add(new URL(row.googleDriveApiUrl ?? GOOGLE_DRIVE_API_URL).origin);
  if (row.cloudkitContainer) origins.add(new URL(row.cloudkitApiUrl ?? CLOUDKIT_API_URL).origin);
  return [...origins];
}

/**
 * The admin view of an app's cloud recovery settings (`GET|PUT .../recovery`): defaults filled
 * in, the Google client secret only as set or not.
 */
export async function recoveryCloudView(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
): Promise<AdminRecoveryCloudResponse> {
  const row = await configRow(ctx, appId);
  return {
    google_drive: row?.googleClientId
      ? {
          client_id: row.googleClientId,
          client_secret_set: row.googleClientSecretSealed !== null,
          issuer: row.googleIssuer ?? GOOGLE_ISSUER,
          drive_api_url: row.googleDriveApiUrl ?? GOOGLE_DRIVE_API_URL,
        }
      : null,
    icloud:
      row?.cloudkitContainer && row.cloudkitEnvironment && row.cloudkitApiToken
        ? {
            container: row.cloudkitContainer,
            environment: row.cloudkitEnvironment,
            api_token: row.cloudkitApiToken,
            api_url: row.cloudkitApiUrl ?? CLOUDKIT_API_URL,
          }
        : null,
  };
}

/**
 * Applies an admin API body ({@link AdminRecoveryCloudRequest}, validated) with
 * {@link setRecoveryCloudConfig}.
 * @returns the new {@link recoveryCloudView}.
 */
export async function applyRecoveryCloudRequest(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
  body: AdminRecoveryCloudRequest,
): Promise<AdminRecoveryCloudResponse> {
  const g = body.google_drive;
  const k = body.icloud;
  await setRecoveryCloudConfig(ctx, appId, {
    ...(g === undefined
      ? {}
      : {
          google: g && {
            clientId: g.client_id,
            clientSecret: g.client_secret ?? null,
            issuer: g.issuer ?? null,
            driveApiUrl: g.drive_api_url ?? null,
          },
        }),
    ...(k === undefined
      ? {}
      : {
          cloudkit: k && {
            container: k.container,
            environment: k.environment,
            apiToken: k.api_token,
            apiUrl: k.api_url ?? null,
          },
        }),
  });
  return recoveryCloudView(ctx, appId);
}
