/**
 * A local OpenID Connect provider for development and tests (issue 5, item 3), on
 * `oidc-provider`. Its login form takes any username (the account is `{username}`, email
 * `{username}@example.com`); consent is granted automatically. Clients must use PKCE (S256).
 *
 * Run it alone: `tsx packages/server/src/methods/oauth/dev/oidc.ts` (LATCHKEY_OIDC_PORT, default 8788;
 * LATCHKEY_API_URL, default http://localhost:8787, whose OAuth callback is the dev client's
 * redirect URI). `npm start` does, and passes the issuer to the API as LATCHKEY_DEV_OIDC_ISSUER.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';

import { GOOGLE_DRIVE_APPDATA_SCOPE, ROUTES } from '@latchkey/api';
import { DEFAULT_DEV_OIDC_PORT, DEFAULT_PORT } from '../../../dev-defaults.ts';
import {
  DEV_DRIVE_INTROSPECTION_CLIENT_ID,
  DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
  DEV_OIDC_CLIENT_ID,
  DEV_OIDC_CLIENT_SECRET,
} from './oidc-client.ts';

export {
  DEV_DRIVE_INTROSPECTION_CLIENT_ID,
  DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
  DEV_OIDC_CLIENT_ID,
  DEV_OIDC_CLIENT_SECRET,
};

/** Scopes the provider grants besides OpenID's: Google Drive's app folder (issue 23). */
export const DEV_OIDC_EXTRA_SCOPES = [GOOGLE_DRIVE_APPDATA_SCOPE];

/** A client registered at the provider. */
export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs (oidc-provider compares them as strings). */
  redirectUris: string[];
}

/**
 * A resource server (the Google Drive stand-in, issue 23): no grant of its own; it
 * authenticates (`client_secret_basic`) at the token introspection endpoint (RFC 7662) to
 * check the access tokens it is sent.
 */
export interface DevOidcResourceServer {
  clientId: string;
  clientSecret: string;
}

export interface DevOidcOptions {
  /** TCP port; 0 picks a free one. */
  port: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
  clients: DevOidcClient[];
  /** Resource servers allowed to introspect any access token (issue 23). */
  resourceServers?: DevOidcResourceServer[];
}

export interface DevOidcProvider {
  /** `http://127.0.0.1:{port}` */
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string): string {
  const u = escapeHtml(uid);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local OpenID provider: sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}
input,button{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;margin:.4rem 0}
button{background:#1a73e8;color:#fff;border:0;border-radius:4px;cursor:pointer}</style></head>
<body><h1>Local OpenID provider</h1>
<p>Sign in to continue to <b>${escapeHtml(clientId)}</b>. Any username works.</p>
<form method="post" action="/interaction/${u}/login" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" required autofocus placeholder="alice" pattern="[A-Za-z0-9._\\-]{1,64}">
<button type="submit">Sign in</button></form></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/** Starts the provider; resolves once it listens. */
export async function startDevOidcProvider(options: DevOidcOptions): Promise<DevOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-1' };

  const resourceServers = new Set((options.resourceServers ?? []).map((r) => r.clientId));
  const configuration: Configuration = {
    clients: [
      ...options.clients.map((c): ClientMetadata => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: c.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      ...(options.resourceServers ?? []).map((r): ClientMetadata => ({
        client_id: r.clientId,
        client_secret: r.clientSecret,
        redirect_uris: [],
        grant_types: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
    ],
    // Google Drive's app-folder scope (issue 23), granted like the OpenID ones; a request
    // without `openid` is a plain OAuth 2.0 request (no ID token), as Google answers it.
    scopes: ['openid', 'offline_access', ...DEV_OIDC_EXTRA_SCOPES],
    // RFC 7662: resource servers check access tokens here; a client, its own tokens only.
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) =>
          resourceServers.has(client.clientId) || token.clientId === client.clientId,
      },
    },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
      RefreshToken: 86_400,
    },
    async renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `${String(out.error)}: ${String(out.error_description ?? '')}`;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: `${id}@example.com`,
            email_verified: true,
            name: id,
            preferred_username: id,
          };
        },
      };
    },
    // Consent is granted automatically: every login gets a grant for what was asked.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ||
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope(['openid email profile', ...DEV_OIDC_EXTRA_SCOPES].join(' '));
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== match[1]) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !match[2]) {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      res.end(loginPage(details.uid, String(details.params.client_id ?? '')));
      return;
    }
    if (req.method === 'POST' && match[2]) {
      const username = (await readForm(req)).get('username')?.trim() ?? '';
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(username)) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('Invalid username');
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: username } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(405);
    res.end();
  };
  server.on('request', (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : 'error');
    });
  });

  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the provider for `npm start` with the dev app's client, whose redirect URIs are the
 * API's OAuth callback and its recovery OAuth callback (issue 23), and the Drive stand-in as a
 * resource server; stops it on SIGINT/SIGTERM (exit 0).
 *
 * @param env `LATCHKEY_OIDC_PORT` (default {@link DEFAULT_DEV_OIDC_PORT}), `LATCHKEY_API_URL`
 *   (default `http://localhost:{DEFAULT_PORT}`).
 */
export async function runDevOidcProvider(
  env: Record<string, string | undefined> = process.env,
): Promise<DevOidcProvider> {
  const port = Number(env.LATCHKEY_OIDC_PORT ?? DEFAULT_DEV_OIDC_PORT);
  const apiUrl = (env.LATCHKEY_API_URL ?? `http://localhost:${DEFAULT_PORT}`).replace(/\/+$/, '');
  const started = await startDevOidcProvider({
    port,
    clients: [
      {
        clientId: DEV_OIDC_CLIENT_ID,
        clientSecret: DEV_OIDC_CLIENT_SECRET,
        // Login, and Google Drive recovery (issue 23) with the same client, as at Google.
        redirectUris: [
          `${apiUrl}${ROUTES.oauthCallback}`,
          `${apiUrl}${ROUTES.recoveryOAuthCallback}`,
        ],
      },
    ],
    resourceServers: [
      {
        clientId: DEV_DRIVE_INTROSPECTION_CLIENT_ID,
        clientSecret: DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
      },
    ],
  });
  console.log(`Local OpenID provider listening on ${started.issuer}`);
  const stop = () => void started.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return started;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runDevOidcProvider();
}
