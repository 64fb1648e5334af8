import { APP_ID_HEADER } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRecord } from '../apps/records.ts';
import type { Database } from '../db/index.ts';
import { devOutbox } from '../db/schema.ts';
import type { ServerEnv } from '../env.ts';
import { parseServerEnv } from '../env.ts';
import { createServer } from '../server.ts';
import { TEST_PUBLIC_URL, TEST_SECRET, testDatabase } from '../test-utils.ts';
import { configuredDelivery } from './configure.ts';
import { memoryOutboxDelivery } from './dev-outbox.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

const message = (to: string, code = '123456') => ({
  to,
  channel: 'email' as const,
  subject: 'Your code',
  text: `Your code is ${code}.`,
  code,
});

describe('the memory dev outbox (LATCHKEY_DEV_OUTBOX=memory, issue 13)', () => {
  it('lists what it delivered, oldest first, by exact destination, and keeps at most `limit`', async () => {
    let now = Date.UTC(2026, 0, 1);
    const outbox = memoryOutboxDelivery({ now: () => now, limit: 3 });
    await outbox.send(message('a@example.com', '111111'));
    now += 1000;
    await outbox.send(message('b@example.com', '222222'));
    await outbox.send(message('a@example.com', '333333'));
    expect((await outbox.list('a@example.com')).map((m) => m.code)).toEqual(['111111', '333333']);
    expect((await outbox.list('A@example.com')).length).toBe(0);
    expect((await outbox.list('b@example.com'))[0]).toEqual({
      ...message('b@example.com', '222222'),
      sentAt: '2026-01-01T00:00:01.000Z',
    });
    await outbox.send(message('c@example.com', '444444'));
    // The oldest went first.
    expect((await outbox.list()).map((m) => m.code)).toEqual(['222222', '333333', '444444']);
  });

  it('parseServerEnv takes database (default) or memory, and refuses anything else', () => {
    const dev = { LATCHKEY_DEV: '1' };
    expect(parseServerEnv(dev).devOutbox).toBe('database');
    expect(parseServerEnv({ ...dev, LATCHKEY_DEV_OUTBOX: ' Memory ' }).devOutbox).toBe('memory');
    expect(() => parseServerEnv({ ...dev, LATCHKEY_DEV_OUTBOX: 'redis' })).toThrow(
      'LATCHKEY_DEV_OUTBOX must be database or memory: redis',
    );
  });

  it('a server on it answers GET /dev/outbox from memory and writes no dev_outbox row', async () => {
    const configured = await configuredDelivery({ devOutbox: 'memory' } as ServerEnv, database.db);
    const appId = 'outboxmemory0000000000000';
    await createAppRecord(database.db, TEST_SECRET, {
      id: appId,
      name: 'Outbox',
      emailAuth: true,
      allowedOrigins: ['http://localhost:5173'],
    });
    const { app } = createServer({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      secret: TEST_SECRET,
      delivery: configured.delivery,
      devOutbox: configured.outbox,
      dev: true,
    });
    const email = 'memory-outbox@example.com';
    const init = await app.request('/api/v1/passwordless/init', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:5173',
        [APP_ID_HEADER]: appId,
      },
      body: JSON.stringify({ email }),
    });
    expect(init.status).toBe(200);
    const listed = (await (
      await app.request(`/dev/outbox?to=${encodeURIComponent(' Memory-Outbox@example.com ')}`)
    ).json()) as { to: string; code: string }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.to).toBe(email);
    expect(listed[0]!.code).toMatch(/^\d{6}$/);
    const rows = await database.db.select().from(devOutbox);
    expect(rows.filter((r) => r.to === email)).toEqual([]);
  });
});
