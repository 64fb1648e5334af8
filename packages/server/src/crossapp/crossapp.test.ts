/**
 * The cross-app client registry (issue 21, step 1): the provider app's admin API (a confidential
 * client's secret answered once and sealed at rest, bound to the provider app and client id;
 * rotation; public clients; redirect URI rules; the app's own id refused; unknown clients) and
 * the public listing a requester app's modal reads.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAppSecret } from '../apps/secret.ts';
import type { Database } from '../db/index.ts';
import { crossAppClients } from '../db/schema.ts';
import { testDatabase, testServer, type TestServer } from '../test-utils.ts';
import { CLIENT_SECRET_BYTES, findClient } from './clients.ts';
import {
  adminCrossAppClientSaved,
  adminCrossAppClientsResponse,
  CROSS_APP_ROUTES,
  crossAppClientId,
  crossAppConnectionsResponse,
} from '@latchkey/api';

const REQUESTER_ORIGIN = 'https://requester.example.com';
const CALLBACK = 'https://requester.example.com/cross-app/callback';
/** 32 bytes in base64url. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let database: Database;
let server: TestServer;
/** Provider apps (Alpha has a logo; Zeta sorts after it) with their app secrets. */
let alpha: { id: string; secret: string };
let zeta: { id: string; secret: string };
let requesterId: string;
let otherId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  const a = await server.createApp({
    name: 'Alpha Provider',
    logoUrl: 'https://alpha.example.com/logo.png',
  });
  const z = await server.createApp({ name: 'Zeta Provider' });
  alpha = { id: a.id, secret: await issueAppSecret(database.db, a.id) };
  zeta = { id: z.id, secret: await issueAppSecret(database.db, z.id) };
  requesterId = (await server.createApp({ name: 'Requester', allowedOrigins: [REQUESTER_ORIGIN] }))
    .id;
  otherId = (await server.createApp({ name: 'Other' })).id;
});

afterAll(() => database?.close());

/** An admin API call as `provider`. */
function admin(
  provider: { id: string; secret: string },
  method: string,
  path: string,
  body?: unknown,
) {
  return server.app.request(path, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${provider.id}:${provider.secret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const put = (provider: { id: string; secret: string }, clientId: string, body: unknown) =>
  admin(provider, 'PUT', CROSS_APP_ROUTES.adminClient(provider.id, clientId), body);

async function saved(provider: { id: string; secret: string }, clientId: string, body: unknown) {
  const res = await put(provider, clientId, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return adminCrossAppClientSaved.parse(await res.json());
}

async function list(provider: { id: string; secret: string }) {
  const res = await admin(provider, 'GET', CROSS_APP_ROUTES.adminClients(provider.id));
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, body: adminCrossAppClientsResponse.parse(JSON.parse(text)) };
}

async function row(providerAppId: string, clientId: string) {
  const [found] = await database.db
    .select()
    .from(crossAppClients)
    .where(
      and(eq(crossAppClients.providerAppId, providerAppId), eq(crossAppClients.clientId, clientId)),
    );
  return found;
}

describe('the admin API of the registry', () => {
  it('answers a confidential client its secret once and never again', async () => {
    const clientId = 'rp.confidential:web';
    const created = await saved(alpha, clientId, { redirect_uris: [CALLBACK] });
    expect(created).toEqual({
      client_id: clientId,
      redirect_uris: [CALLBACK],
      read_only: false,
      confidential: true,
      created_at: Math.floor(server.clock() / 1000),
      updated_at: Math.floor(server.clock() / 1000),
      client_secret: expect.stringMatching(SECRET_PATTERN),
    });
    expect(Buffer.from(created.client_secret!, 'base64url')).toHaveLength(CLIENT_SECRET_BYTES);
    const secret = created.client_secret!;

    // The listing shows the client without any secret.
    const listed = await list(alpha);
    expect(listed.body.clients).toContainEqual({
      client_id: clientId,
      redirect_uris: [CALLBACK],
      read_only: false,
      confidential: true,
      created_at: created.created_at,
      updated_at: created.updated_at,
    });
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain('client_secret');

    // Saving again (new settings, no rotation) keeps the secret and does not answer it.
    server.clock.advance(5_000);
    const again = await saved(alpha, clientId, {
      redirect_uris: [CALLBACK, 'http://localhost:5173/callback'],
      read_only: true,
    });
    expect(again).toMatchObject({ client_secret: null, read_only: true, confidential: true });
    expect(again.created_at).toBe(created.created_at);
    expect(again.updated_at).toBe(created.updated_at + 5);
    const client = await findClient(server.context, alpha.id, clientId);
    expect(client).toEqual({
      providerAppId: alpha.id,
      clientId,
      redirectUris: [CALLBACK, 'http://localhost:5173/callback'],
      readOnly: true,
      clientSecret: secret,
    });
  });

  it('rotates the secret on request', async () => {
    const clientId = 'rp-rotate';
    const first = (await saved(alpha, clientId, { redirect_uris: [CALLBACK] })).client_secret;
    expect(first).toMatch(SECRET_PATTERN);
    const rotated = await saved(alpha, clientId, {
      redirect_uris: [CALLBACK],
      rotate_secret: true,
    });
    expect(rotated.client_secret).toMatch(SECRET_PATTERN);
    expect(rotated.client_secret).not.toBe(first);
    expect((await findClient(server.context, alpha.id, clientId))!.clientSecret).toBe(
      rotated.client_secret,
    );
    // A public client has no secret to rotate.
    const res = await put(alpha, clientId, {
      redirect_uris: [CALLBACK],
      confidential: false,
      rotate_secret: true,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid_data');
    expect((await findClient(server.context, alpha.id, clientId))!.clientSecret).toBe(
      rotated.client_secret,
    );
  });

  it('drops the secret of a client switched to public, and makes a new one when switched back', async () => {
    const clientId = 'rp-switch';
    const first = (await saved(alpha, clientId, { redirect_uris: [CALLBACK] })).client_secret;
    expect(first).toMatch(SECRET_PATTERN);
    const open = await saved(alpha, clientId, { redirect_uris: [CALLBACK], confidential: false });
    expect(open).toMatchObject({ confidential: false, client_secret: null });
    expect((await row(alpha.id, clientId))!.clientSecretSealed).toBeNull();
    expect((await findClient(server.context, alpha.id, clientId))!.clientSecret).toBeNull();
    expect((await list(alpha)).body.clients.find((c) => c.client_id === clientId)).toMatchObject({
      confidential: false,
    });

    const back = await saved(alpha, clientId, { redirect_uris: [CALLBACK] });
    expect(back.confidential).toBe(true);
    expect(back.client_secret).toMatch(SECRET_PATTERN);
    expect(back.client_secret).not.toBe(first);

    // A client created public never gets a secret.
    const born = await saved(alpha, 'rp-public', {
      redirect_uris: [CALLBACK],
      confidential: false,
    });
    expect(born).toMatchObject({ confidential: false, client_secret: null });
  });

  it('refuses bad redirect URIs, bad bodies and bad client ids with invalid_data', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `https://rp.example.com/cb/${i}`);
    const cases: [unknown, string][] = [
      [{ redirect_uris: ['http://rp.example.com/cb'] }, 'redirect_uris.0'],
      [{ redirect_uris: ['http://192.168.1.2/cb'] }, 'redirect_uris.0'],
      [{ redirect_uris: [CALLBACK, 'https://rp.example.com/cb#frag'] }, 'redirect_uris.1'],
      [{ redirect_uris: ['https://rp.example.com/cb#'] }, 'redirect_uris.0'],
      [{ redirect_uris: ['/cross-app/callback'] }, 'redirect_uris.0'],
      [{ redirect_uris: ['rp.example.com/cb'] }, 'redirect_uris.0'],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris.0'],
      [{ redirect_uris: [' https://rp.example.com/cb'] }, 'redirect_uris.0'],
      [{ redirect_uris: many }, 'redirect_uris'],
      [{ redirect_uris: [] }, 'redirect_uris'],
      [{ redirect_uris: [CALLBACK, CALLBACK] }, 'redirect_uris'],
      [{}, 'redirect_uris'],
      [{ redirect_uris: [CALLBACK], read_only: 'yes' }, 'read_only'],
      [{ redirect_uris: [CALLBACK], client_secret: 'chosen' }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await put(alpha, 'rp-refused', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe('invalid_data');
      expect(
        answer.issues.map((i: { path: string }) => i.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(await row(alpha.id, 'rp-refused')).toBeUndefined();

    // The loopback hosts may use http; ten URIs are allowed.
    const ok = await saved(alpha, 'rp-loopback', {
      redirect_uris: ['http://localhost:3000/cb', 'http://127.0.0.1/cb', ...many.slice(0, 8)],
      confidential: false,
    });
    expect(ok.redirect_uris).toHaveLength(10);

    for (const clientId of ['bad id', 'x'.repeat(129), 'rp/one', 'rp?x=1', 'é']) {
      const res = await put(alpha, clientId, { redirect_uris: [CALLBACK] });
      expect(res.status, clientId).toBe(400);
      expect((await res.json()).code, clientId).toBe('invalid_data');
    }
    // `.` and `..` (which a URL path would resolve away) are no client ids either.
    for (const clientId of ['.', '..']) {
      expect(crossAppClientId.safeParse(clientId).success, clientId).toBe(false);
    }
    expect(crossAppClientId.safeParse('urn:rp.example:web-1_a').success).toBe(true);
  });

  it('refuses the app as its own client with cross_app_self_client', async () => {
    const res = await put(alpha, alpha.id, { redirect_uris: [CALLBACK] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'An app cannot be registered as a cross-app client of itself',
      code: 'cross_app_self_client',
    });
    expect(await row(alpha.id, alpha.id)).toBeUndefined();
  });

  it('deletes a client, and answers 404 cross_app_client_not_found for an unknown one', async () => {
    await saved(zeta, 'rp-delete', { redirect_uris: [CALLBACK] });
    const res = await admin(zeta, 'DELETE', CROSS_APP_ROUTES.adminClient(zeta.id, 'rp-delete'));
    expect(res.status).toBe(200);
    const left = adminCrossAppClientsResponse.parse(await res.json());
    expect(left.clients.map((c) => c.client_id)).not.toContain('rp-delete');
    expect(await row(zeta.id, 'rp-delete')).toBeUndefined();

    const again = await admin(zeta, 'DELETE', CROSS_APP_ROUTES.adminClient(zeta.id, 'rp-delete'));
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('cross_app_client_not_found');
    // Another provider's client is not this app's to delete.
    await saved(alpha, 'rp-kept', { redirect_uris: [CALLBACK] });
    const foreign = await admin(zeta, 'DELETE', CROSS_APP_ROUTES.adminClient(zeta.id, 'rp-kept'));
    expect(foreign.status).toBe(404);
    expect(await row(alpha.id, 'rp-kept')).toBeDefined();
  });

  it('needs the provider app secret', async () => {
    const wrong = { id: alpha.id, secret: zeta.secret };
    for (const res of [
      await admin(wrong, 'GET', CROSS_APP_ROUTES.adminClients(alpha.id)),
      await put(wrong, 'rp-nope', { redirect_uris: [CALLBACK] }),
      await admin(zeta, 'GET', CROSS_APP_ROUTES.adminClients(alpha.id)),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('invalid_app_secret');
    }
    expect(await row(alpha.id, 'rp-nope')).toBeUndefined();
  });

  it('seals the secret at rest, bound to the provider app and client id', async () => {
    const clientId = 'rp-sealed';
    const { client_secret: secret } = await saved(alpha, clientId, { redirect_uris: [CALLBACK] });
    const sealed = (await row(alpha.id, clientId))!.clientSecretSealed!;
    expect(sealed).toMatch(/^ey[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(JSON.stringify(await row(alpha.id, clientId))).not.toContain(secret);
    expect((await findClient(server.context, alpha.id, clientId))!.clientSecret).toBe(secret);

    // Copied into another provider's row for the same client id, it does not open.
    await saved(zeta, clientId, { redirect_uris: [CALLBACK], confidential: false });
    await database.db
      .update(crossAppClients)
      .set({ clientSecretSealed: sealed })
      .where(
        and(eq(crossAppClients.providerAppId, zeta.id), eq(crossAppClients.clientId, clientId)),
      );
    await expect(findClient(server.context, zeta.id, clientId)).rejects.toThrow(
      /does not belong to app/,
    );
    // Nor under another client id of the same provider.
    await saved(alpha, 'rp-sealed-2', { redirect_uris: [CALLBACK], confidential: false });
    await database.db
      .update(crossAppClients)
      .set({ clientSecretSealed: sealed })
      .where(
        and(
          eq(crossAppClients.providerAppId, alpha.id),
          eq(crossAppClients.clientId, 'rp-sealed-2'),
        ),
      );
    await expect(findClient(server.context, alpha.id, 'rp-sealed-2')).rejects.toThrow(
      /does not belong to app/,
    );
    expect(await findClient(server.context, alpha.id, 'rp-unknown')).toBeUndefined();
  });
});

describe('GET /api/v1/apps/{requesterAppId}/cross-app/connections', () => {
  const connections = (appId: string, headers: Record<string, string> = {}) =>
    server.app.request(CROSS_APP_ROUTES.connections(appId), { headers });

  it('lists the providers that allow the requester, with their name, icon and read_only', async () => {
    const before = await connections(requesterId);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ connections: [] });

    // Registered in Zeta first: the listing is ordered by provider name.
    await saved(zeta, requesterId, { redirect_uris: [CALLBACK], read_only: true });
    await saved(alpha, requesterId, { redirect_uris: [CALLBACK], confidential: false });
    const res = await connections(requesterId);
    expect(res.status).toBe(200);
    expect(crossAppConnectionsResponse.parse(await res.clone().json())).toEqual({
      connections: [
        {
          provider_app_id: alpha.id,
          provider_app_name: 'Alpha Provider',
          provider_app_icon_url: 'https://alpha.example.com/logo.png',
          provider_app_custom_api_url: null,
          read_only: false,
        },
        {
          provider_app_id: zeta.id,
          provider_app_name: 'Zeta Provider',
          provider_app_icon_url: null,
          provider_app_custom_api_url: null,
          read_only: true,
        },
      ],
    });
    // Nothing secret in the public answer.
    expect(await res.text()).not.toMatch(/secret|redirect/);

    // Another app, and a provider itself, are nobody's client here.
    expect(await (await connections(otherId)).json()).toEqual({ connections: [] });
    expect(await (await connections(alpha.id)).json()).toEqual({ connections: [] });

    // Removing the client removes the connection.
    const removed = await admin(zeta, 'DELETE', CROSS_APP_ROUTES.adminClient(zeta.id, requesterId));
    expect(removed.status).toBe(200);
    const after = crossAppConnectionsResponse.parse(await (await connections(requesterId)).json());
    expect(after.connections.map((c) => c.provider_app_id)).toEqual([alpha.id]);
  });

  it('answers an unknown requester app as GET /api/v1/apps/{appId} does', async () => {
    const unknown = 'unknownapp000000000000000';
    const res = await connections(unknown);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toEqual({ error: 'App not found', code: 'app_not_found' });
    expect(body).toEqual(await (await server.app.request(`/api/v1/apps/${unknown}`)).json());
  });

  it("answers CORS for the requester app's allowed origins only", async () => {
    const allowed = await connections(requesterId, { origin: REQUESTER_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(REQUESTER_ORIGIN);
    const foreign = await connections(requesterId, { origin: 'https://app.example.com' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
