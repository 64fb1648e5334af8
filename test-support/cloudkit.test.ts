/** The CloudKit Web Services stand-in (issue 23 item 4): sign-in, records per user, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudKit, startCloudKit } from './cloudkit.ts';

const CONTAINER = 'iCloud.test.latchkey';
const API_TOKEN = 'ck-api-token-0123456789';
const CALLBACK = 'https://app.example.com/icloud-callback';

let ck: CloudKit;

beforeAll(async () => {
  ck = await startCloudKit({
    containers: [
      {
        container: CONTAINER,
        environment: 'development',
        apiToken: API_TOKEN,
        signInCallbackUrl: CALLBACK,
      },
    ],
  });
});
afterAll(async () => {
  await ck?.close();
});

const db = (database: string, op: string, webToken?: string, apiToken = API_TOKEN) => {
  const url = new URL(`${ck.url}/database/1/${CONTAINER}/development/${database}/${op}`);
  url.searchParams.set('ckAPIToken', apiToken);
  if (webToken) url.searchParams.set('ckWebAuthToken', webToken);
  return url.href;
};
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('CloudKit Web Services stand-in', () => {
  it('answers users/caller 421 with a sign-in URL whose page issues a ckWebAuthToken', async () => {
    const anonymous = await fetch(db('public', 'users/caller'));
    expect(anonymous.status).toBe(421);
    const body = (await anonymous.json()) as { serverErrorCode: string; redirectURL: string };
    expect(body.serverErrorCode).toBe('AUTHENTICATION_REQUIRED');
    expect(body.redirectURL.startsWith(`${ck.url}/signin?`)).toBe(true);

    const page = await fetch(body.redirectURL);
    expect(await page.text()).toContain('name="username"');
    const signedIn = await fetch(body.redirectURL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=alice',
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(303);
    const back = new URL(signedIn.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const token = back.searchParams.get('ckWebAuthToken')!;
    expect(token.length).toBeGreaterThan(20);

    const caller = await fetch(db('public', 'users/caller', token));
    expect(caller.status).toBe(200);
    expect(await caller.json()).toEqual({ userRecordName: ck.userRecordName(CONTAINER, 'alice') });
  });

  it("posts the token to the opener's origin when the container has no callback URL", async () => {
    const popup = await startCloudKit({
      containers: [
        {
          container: CONTAINER,
          environment: 'development',
          apiToken: API_TOKEN,
          signInMessageOrigin: 'http://api.example.test',
        },
      ],
    });
    try {
      const caller = await fetch(
        `${popup.url}/database/1/${CONTAINER}/development/public/users/caller?ckAPIToken=${API_TOKEN}`,
      );
      const { redirectURL } = (await caller.json()) as { redirectURL: string };
      const page = await fetch(redirectURL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=alice',
      });
      const html = await page.text();
      expect(html).toContain('src="/signin/done.js"');
      expect(html).toContain('http://api.example.test');
      const script = await (await fetch(`${popup.url}/signin/done.js`)).text();
      expect(script).toContain('window.opener.postMessage({ ckWebAuthToken: token }, origin)');
    } finally {
      await popup.close();
    }
  });

  it('refuses a wrong API token (401 AUTHENTICATION_FAILED)', async () => {
    const res = await fetch(db('public', 'users/caller', undefined, 'wrong'));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { serverErrorCode: string }).serverErrorCode).toBe(
      'AUTHENTICATION_FAILED',
    );
  });

  it('creates, queries, looks up, updates and deletes records in the private database', async () => {
    const token = ck.signIn(CONTAINER, 'bob');
    const created = await post(db('private', 'records/modify', token), {
      operations: [
        {
          operationType: 'create',
          record: {
            recordName: 'latchkey-recovery-1',
            recordType: 'LatchkeyRecoveryKey',
            fields: { appId: { value: 'app1' }, key: { value: 'k1' } },
          },
        },
      ],
    });
    expect(created.status).toBe(200);
    const [record] = (
      (await created.json()) as { records: { recordName: string; recordChangeTag: string }[] }
    ).records;
    expect(record).toMatchObject({
      recordName: 'latchkey-recovery-1',
      recordType: 'LatchkeyRecoveryKey',
    });

    const again = await post(db('private', 'records/modify', token), {
      operations: [
        {
          operationType: 'create',
          record: { recordName: 'latchkey-recovery-1', recordType: 'LatchkeyRecoveryKey' },
        },
      ],
    });
    expect(
      ((await again.json()) as { records: { serverErrorCode: string }[] }).records[0]!
        .serverErrorCode,
    ).toBe('CONFLICT');

    const queried = await post(db('private', 'records/query', token), {
      query: {
        recordType: 'LatchkeyRecoveryKey',
        filterBy: [{ fieldName: 'appId', comparator: 'EQUALS', fieldValue: { value: 'app1' } }],
      },
    });
    const found = ((await queried.json()) as { records: { fields: { key: { value: string } } }[] })
      .records;
    expect(found.map((r) => r.fields.key.value)).toEqual(['k1']);
    const none = await post(db('private', 'records/query', token), {
      query: {
        recordType: 'LatchkeyRecoveryKey',
        filterBy: [{ fieldName: 'appId', comparator: 'EQUALS', fieldValue: { value: 'app2' } }],
      },
    });
    expect(((await none.json()) as { records: [] }).records).toEqual([]);

    const stale = await post(db('private', 'records/modify', token), {
      operations: [
        {
          operationType: 'update',
          record: {
            recordName: 'latchkey-recovery-1',
            recordChangeTag: 'stale',
            fields: { key: { value: 'k2' } },
          },
        },
      ],
    });
    expect(
      ((await stale.json()) as { records: { serverErrorCode: string }[] }).records[0]!
        .serverErrorCode,
    ).toBe('CONFLICT');
    const updated = await post(db('private', 'records/modify', token), {
      operations: [
        {
          operationType: 'update',
          record: {
            recordName: 'latchkey-recovery-1',
            recordChangeTag: record!.recordChangeTag,
            fields: { key: { value: 'k2' } },
          },
        },
      ],
    });
    expect(updated.status).toBe(200);
    const lookup = await post(db('private', 'records/lookup', token), {
      records: [{ recordName: 'latchkey-recovery-1' }, { recordName: 'missing' }],
    });
    const looked = ((await lookup.json()) as { records: Record<string, unknown>[] }).records;
    expect(looked[0]).toMatchObject({ fields: { appId: { value: 'app1' }, key: { value: 'k2' } } });
    expect(looked[1]).toMatchObject({ recordName: 'missing', serverErrorCode: 'NOT_FOUND' });

    const deleted = await post(db('private', 'records/modify', token), {
      operations: [{ operationType: 'forceDelete', record: { recordName: 'latchkey-recovery-1' } }],
    });
    expect(((await deleted.json()) as { records: unknown[] }).records[0]).toEqual({
      recordName: 'latchkey-recovery-1',
      deleted: true,
    });
  });

  it("keeps each user's private database to that user, and needs a web auth token", async () => {
    const carol = ck.signIn(CONTAINER, 'carol');
    const dave = ck.signIn(CONTAINER, 'dave');
    await post(db('private', 'records/modify', carol), {
      operations: [
        {
          operationType: 'create',
          record: { recordName: 'r', recordType: 'T', fields: { k: { value: 1 } } },
        },
      ],
    });
    const theirs = await post(db('private', 'records/query', dave), { query: { recordType: 'T' } });
    expect(((await theirs.json()) as { records: [] }).records).toEqual([]);
    const mine = await post(db('private', 'records/query', carol), { query: { recordType: 'T' } });
    expect(((await mine.json()) as { records: unknown[] }).records).toHaveLength(1);

    const anonymous = await post(db('private', 'records/query'), { query: { recordType: 'T' } });
    expect(anonymous.status).toBe(421);
    const forged = await post(db('private', 'records/query', 'not-a-token'), {
      query: { recordType: 'T' },
    });
    expect(forged.status).toBe(421);
  });

  it('writes nothing of an atomic batch with a failing operation', async () => {
    const token = ck.signIn(CONTAINER, 'erin');
    const res = await post(db('private', 'records/modify', token), {
      atomic: true,
      operations: [
        { operationType: 'create', record: { recordName: 'a', recordType: 'T' } },
        {
          operationType: 'update',
          record: { recordName: 'missing', recordType: 'T', recordChangeTag: 'x' },
        },
      ],
    });
    const records = ((await res.json()) as { records: { serverErrorCode: string }[] }).records;
    expect(records.map((r) => r.serverErrorCode)).toEqual(['ATOMIC_ERROR', 'NOT_FOUND']);
    const after = await post(db('private', 'records/query', token), { query: { recordType: 'T' } });
    expect(((await after.json()) as { records: [] }).records).toEqual([]);
  });
});
