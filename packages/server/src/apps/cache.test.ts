/**
 * Issue 13: app rows cached in memory per process. A change through the admin API is seen by
 * the very next request of this process (origins, login switches); a change made elsewhere
 * (another process, a direct SQL update) within the TTL; unknown ids are never cached.
 */
import { ROUTES, serverAppConfig } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { apps } from '../db/schema.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';
import { AppCache, DEFAULT_APP_CACHE_TTL_MS } from './cache.ts';
import { issueAppSecret } from './secret.ts';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
});
afterAll(() => database?.close());

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const rename = (id: string, name: string) =>
  database.db.update(apps).set({ name }).where(eq(apps.id, id));

describe('AppCache', () => {
  it('serves a row from memory for the TTL, then reads it again', async () => {
    const app = await server.createApp({ name: 'Before' });
    let now = 5_000;
    const cache = new AppCache(database.db, { ttlMs: 1_000, clock: () => now });
    expect((await cache.get(app.id))?.name).toBe('Before');
    await rename(app.id, 'After');
    now = 6_000;
    expect((await cache.get(app.id))?.name).toBe('Before');
    now = 6_001;
    expect((await cache.get(app.id))?.name).toBe('After');
  });

  it('a read overtaken by invalidate still answers, and is not kept', async () => {
    const app = await server.createApp({ name: 'Old' });
    const cache = new AppCache(database.db, { ttlMs: 60_000, clock: () => 1 });
    const inFlight = cache.get(app.id);
    cache.invalidate(app.id); // while the read is in flight
    expect((await inFlight)?.name).toBe('Old');
    await rename(app.id, 'New');
    expect((await cache.get(app.id))?.name).toBe('New');
    await rename(app.id, 'Newer');
    cache.invalidate();
    const all = cache.get(app.id);
    cache.invalidate(); // every id, while the read is in flight
    expect((await all)?.name).toBe('Newer');
    await rename(app.id, 'Newest');
    expect((await cache.get(app.id))?.name).toBe('Newest');
  });

  it('reads again after invalidate (one id, or all)', async () => {
    const app = await server.createApp({ name: 'One' });
    const cache = new AppCache(database.db, { ttlMs: 60_000, clock: () => 0 });
    expect((await cache.get(app.id))?.name).toBe('One');
    await rename(app.id, 'Two');
    cache.invalidate(app.id);
    expect((await cache.get(app.id))?.name).toBe('Two');
    await rename(app.id, 'Three');
    cache.invalidate();
    expect((await cache.get(app.id))?.name).toBe('Three');
  });

  it('does not cache an unknown id, and shares one read between concurrent calls', async () => {
    const cache = new AppCache(database.db, { ttlMs: 60_000, clock: () => 0 });
    const id = 'x'.repeat(25);
    expect(await cache.get(id)).toBeUndefined();
    const created = await server.createApp({ id, name: 'Late' });
    expect((await cache.get(id))?.id).toBe(created.id);
    const [a, b] = await Promise.all([cache.get(id), cache.get(id)]);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('with ttlMs 0 reads every time; refuses a negative TTL', async () => {
    const app = await server.createApp({ name: 'Live' });
    const cache = new AppCache(database.db, { ttlMs: 0 });
    expect((await cache.get(app.id))?.name).toBe('Live');
    await rename(app.id, 'Live 2');
    expect((await cache.get(app.id))?.name).toBe('Live 2');
    expect(() => new AppCache(database.db, { ttlMs: -1 })).toThrow(/appCacheTtlMs/);
    expect(DEFAULT_APP_CACHE_TTL_MS).toBeLessThanOrEqual(1_000);
  });
});

describe('the server', () => {
  it('sees an admin PATCH at once: a removed origin is refused, a switched-off login too', async () => {
    const origin = 'https://app.example.com';
    const app = await server.createApp({ name: 'Patched' });
    const secret = await issueAppSecret(database.db, app.id);
    const init = (email: string) =>
      server.post(app.id, ROUTES.passwordlessInit, { email }, { origin });
    // Cached now: the row is in memory for the default TTL (1 s, far longer than this test).
    expect((await init(uniqueEmail())).status).toBe(200);
    const config = await server.app.request(ROUTES.appConfig(app.id));
    expect(serverAppConfig.parse(await config.json()).name).toBe('Patched');

    const patch = (body: unknown) =>
      server.app.request(ROUTES.adminApp(app.id), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: basic(app.id, secret) },
        body: JSON.stringify(body),
      });
    expect((await patch({ name: 'Renamed', email_auth: false })).status).toBe(200);
    const after = await server.app.request(ROUTES.appConfig(app.id));
    expect(serverAppConfig.parse(await after.json()).name).toBe('Renamed');
    expect((await init(uniqueEmail())).status).not.toBe(200);

    expect(
      (await patch({ email_auth: true, allowed_origins: ['https://other.example'] })).status,
    ).toBe(200);
    const refused = await init(uniqueEmail());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('invalid_origin');
  });

  it('a change made by another process is seen once the TTL has passed', async () => {
    const a = testServer(database, { server: { appCacheTtlMs: 50 } });
    const app = await a.createApp({ name: 'Shared' });
    const name = async () =>
      serverAppConfig.parse(await (await a.app.request(ROUTES.appConfig(app.id))).json()).name;
    expect(await name()).toBe('Shared');
    // Another process (here: a direct update) changes the row; no invalidation reaches `a`.
    await rename(app.id, 'Changed elsewhere');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await name()).toBe('Changed elsewhere');
  });
});
