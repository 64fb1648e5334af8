/**
 * The `latchkey` command line (issue 6), in-process against a test database, plus its remote
 * mode through the admin API and one spawn of bin/latchkey.js.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  adminAppConfig,
  adminCrossAppClientsResponse,
  CROSS_APP_ROUTES,
  ROUTES,
  serverAppConfig,
} from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClient } from '../crossapp/clients.ts';
import type { Database } from '../db/index.ts';
import { TEST_SECRET, type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { SECRET_REQUIRED_WITH_DATABASE_URL, serverSecretOf } from '../env.ts';
import { parseAssignments, runCli } from './main.ts';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
});
afterAll(() => database?.close());

interface Run {
  code: number;
  out: string;
  err: string;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env: { LATCHKEY_SECRET: TEST_SECRET, ...env },
    database,
    fetch: (url, init) => Promise.resolve(server.app.request(url, init)),
  });
  return { code, out, err };
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function createApp(name = 'CLI App'): Promise<{ id: string; app_secret: string }> {
  const run = await cli([
    'apps',
    'create',
    '--name',
    name,
    '--origin',
    'https://cli.example.com',
    '--json',
  ]);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.out) as { id: string; app_secret: string };
}

describe('parseAssignments', () => {
  it('parses JSON values, comma lists and dotted keys', () => {
    expect(
      parseAssignments(
        [
          'email_auth=true',
          'max_users=10',
          'name=My App',
          'captcha_site_key=null',
          'allowed_origins=https://a.com, https://b.com',
          'mfa_methods=',
          'allowlist_config.error_title=Invite only',
          'allowlist_config.cta_link="https://x.com"',
        ],
        '{"sms_auth": false, "allowlist_config": {"cta_text": "Join"}}',
      ),
    ).toEqual({
      sms_auth: false,
      email_auth: true,
      max_users: 10,
      name: 'My App',
      captcha_site_key: null,
      allowed_origins: ['https://a.com', 'https://b.com'],
      mfa_methods: [],
      allowlist_config: { cta_text: 'Join', error_title: 'Invite only', cta_link: 'https://x.com' },
    });
    expect(() => parseAssignments(['novalue'])).toThrow(/key=value/);
    expect(() => parseAssignments([], '[1]')).toThrow(/JSON object/);
  });
});

describe('apps', () => {
  it('creates an app, prints the secret once, and lists it', async () => {
    const human = await cli(['apps', 'create', '--name', 'Readable']);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/id: +[a-z0-9]{25}/);
    expect(human.out).toMatch(/app secret: +[A-Za-z0-9_-]{43}/);
    const { id, app_secret } = await createApp('Listed');
    const list = await cli(['apps', 'list']);
    expect(list.out).toContain(`${id}\tListed`);
    const res = await server.app.request(ROUTES.adminApp(id), {
      headers: { authorization: basic(id, app_secret) },
    });
    expect(res.status).toBe(200);
  });

  it('creates with a chosen id and refuses a bad or taken one', async () => {
    const id = 'clichosenid00000000000000';
    expect((await cli(['apps', 'create', '--name', 'Chosen', '--id', id])).code).toBe(0);
    const taken = await cli(['apps', 'create', '--name', 'Again', '--id', id]);
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/exists already/);
    const bad = await cli(['apps', 'create', '--name', 'Bad', '--id', 'short']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/25/);
    const origin = await cli(['apps', 'create', '--name', 'Bad', '--origin', 'https://x.com/path']);
    expect(origin.code).toBe(1);
    expect(origin.err).toMatch(/allowed_origins/);
  });

  it('sets settings that show in `apps show` and in the public config', async () => {
    const { id } = await createApp();
    const set = await cli([
      'apps',
      'set',
      id,
      'email_auth=true',
      'sms_auth=true',
      'max_users=5',
      'allowlist_enabled=true',
      'allowlist_config.error_title=Invite only',
      'allowed_origins=https://a.example.com,https://b.example.com',
      'embedded_wallet_config.create_on_login=users-without-wallets',
      'captcha_secret_key=cli-captcha-secret',
      '--json',
      '{"require_users_accept_terms": true, "terms_and_conditions_url": "https://a.example.com/terms"}',
    ]);
    expect(set.err).toBe('');
    expect(set.code).toBe(0);
    const shown = await cli(['apps', 'show', id]);
    expect(shown.code).toBe(0);
    const config = adminAppConfig.parse(JSON.parse(shown.out));
    expect(config).toMatchObject({
      sms_auth: true,
      max_users: 5,
      allowlist_enabled: true,
      allowed_origins: ['https://a.example.com', 'https://b.example.com'],
      require_users_accept_terms: true,
      captcha_secret_key_set: true,
    });
    expect(config.allowlist_config.error_title).toBe('Invite only');
    expect(config.embedded_wallet_config.create_on_login).toBe('users-without-wallets');
    expect(shown.out).not.toContain('cli-captcha-secret');
    const pub = serverAppConfig.parse(
      await (await server.app.request(ROUTES.appConfig(id))).json(),
    );
    expect(pub.require_users_accept_terms).toBe(true);
    expect(pub.allowlist_config.error_title).toBe('Invite only');
  });

  it('refuses unknown keys and bad values with a message on stderr and exit 1', async () => {
    const { id } = await createApp();
    const unknown = await cli(['apps', 'set', id, 'colour=red']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^latchkey: .*colour/);
    const captcha = await cli(['apps', 'set', id, 'captcha_site_key=x:abc']);
    expect(captcha.code).toBe(1);
    expect(captcha.err).toContain('Unsupported captcha site key');
    const empty = await cli(['apps', 'set', id]);
    expect(empty.code).toBe(1);
    const missing = await cli(['apps', 'show', 'nosuchapp0000000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/App not found/);
    const nonsense = await cli(['apps', 'frobnicate']);
    expect(nonsense.code).toBe(1);
  });

  it('rotates the secret: the old one is refused by the admin API, the new one works', async () => {
    const { id, app_secret: old } = await createApp();
    const run = await cli(['apps', 'rotate-secret', id]);
    expect(run.code).toBe(0);
    const fresh = run.out.trim();
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    const call = (secret: string) =>
      server.app.request(ROUTES.adminApp(id), { headers: { authorization: basic(id, secret) } });
    expect((await call(old)).status).toBe(401);
    expect((await call(fresh)).status).toBe(200);
  });
});

describe('allowlist', () => {
  it('adds, lists and removes normalised entries', async () => {
    const { id } = await createApp();
    const add = await cli(['allowlist', 'add', id, 'email', 'Bob@Example.com']);
    expect(add.code).toBe(0);
    expect(add.out).toBe('email\tbob@example.com\n');
    await cli(['allowlist', 'add', id, 'email_domain', '@Corp.example']);
    expect((await cli(['allowlist', 'list', id])).out).toBe(
      'email\tbob@example.com\nemail_domain\tcorp.example\n',
    );
    const removed = await cli(['allowlist', 'remove', id, 'email', 'BOB@example.com']);
    expect(removed.out).toBe('email_domain\tcorp.example\n');
    const bad = await cli(['allowlist', 'add', id, 'wallet', '0xnope']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/Invalid wallet address/);
    const noValue = await cli(['allowlist', 'add', id, 'email']);
    expect(noValue.code).toBe(1);
  });
});

describe('remote mode (admin HTTP API)', () => {
  it('shows, sets and edits the allowlist through --api-url', async () => {
    const { id, app_secret } = await createApp();
    const remote = ['--api-url', 'http://api.latchkey.test', '--app-secret', app_secret];
    const set = await cli(['apps', 'set', id, 'max_users=3', ...remote]);
    expect(set.err).toBe('');
    expect(adminAppConfig.parse(JSON.parse(set.out)).max_users).toBe(3);
    const shown = await cli(['apps', 'show', id, ...remote]);
    expect(adminAppConfig.parse(JSON.parse(shown.out)).max_users).toBe(3);
    const add = await cli(['allowlist', 'add', id, 'phone', '+1 415 555 2671', ...remote]);
    expect(add.out).toBe('phone\t+14155552671\n');
    const wrong = await cli([
      'apps',
      'show',
      id,
      '--api-url',
      'http://api.latchkey.test',
      '--app-secret',
      'wrong-secret-0000',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/invalid_app_secret/);
    const bad = await cli(['apps', 'set', id, 'captcha_site_key=x:abc', ...remote]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Unsupported captcha site key');
    const env = await cli(['apps', 'show', id], {
      LATCHKEY_API_URL: 'http://api.latchkey.test',
      LATCHKEY_APP_SECRET: app_secret,
    });
    expect(env.code).toBe(0);
    const noSecret = await cli(['apps', 'show', id, '--api-url', 'http://api.latchkey.test']);
    expect(noSecret.code).toBe(1);
    expect(noSecret.err).toMatch(/app-secret/);
  });
});

describe('oauth', () => {
  it('stores a provider client and refuses unknown providers', async () => {
    const { id } = await createApp();
    const ok = await cli([
      'oauth',
      'set',
      id,
      'github',
      '--client-id',
      'cid',
      '--client-secret',
      'cs',
    ]);
    expect(ok.code).toBe(0);
    const bad = await cli([
      'oauth',
      'set',
      id,
      'myspace',
      '--client-id',
      'a',
      '--client-secret',
      'b',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/Unknown OAuth provider/);
  });
});

describe('telegram', () => {
  it("stores the app's bot (the token sealed, the public config set) and refuses a malformed token", async () => {
    const { id } = await createApp();
    const token = '7000000009:AAH-cli-test-bot-token-0123456789';
    const ok = await cli([
      'telegram',
      'set',
      id,
      '--bot-token',
      token,
      '--bot-name',
      'cli_test_bot',
      '--link-enabled',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Telegram bot @cli_test_bot stored');
    const config = await (await server.app.request(ROUTES.appConfig(id))).text();
    expect(JSON.parse(config).telegram_auth_config).toEqual({
      bot_id: '7000000009',
      bot_name: 'cli_test_bot',
      link_enabled: true,
      seamless_auth_enabled: false,
    });
    expect(config).not.toContain(token.split(':')[1]);
    const bad = await cli(['telegram', 'set', id, '--bot-token', 'nope', '--bot-name', 'x_bot']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/bot token/);
  });
});

describe('farcaster', () => {
  it("stores the app's requesting account (the key sealed, never printed) and refuses a bad key", async () => {
    const { id } = await createApp();
    const key = `0x${'ab'.repeat(32)}`;
    const ok = await cli(['farcaster', 'set', id, '--request-fid', '42', '--request-key', key]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^Farcaster fid 42 \(0x[0-9a-fA-F]{40}\) stored for /);
    expect(ok.out + ok.err).not.toContain('ab'.repeat(32));
    const bad = await cli(['farcaster', 'set', id, '--request-fid', '42', '--request-key', '0x12']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/Not a private key/);
  });
});

describe('cross-app', () => {
  const callback = 'https://requester.example.com/callback';
  const secretLine = /^ {2}client secret: ([A-Za-z0-9_-]{43})$/m;
  const notAgain = /will not be shown again/;

  it('allows, lists and removes a client locally, printing a secret only when generated', async () => {
    const provider = await createApp('Cross-app provider');
    const requester = await createApp('Cross-app requester');
    const allow = (...args: string[]) =>
      cli(['cross-app', 'allow', provider.id, requester.id, '--redirect-uri', callback, ...args]);

    const created = await allow('--redirect-uri', 'http://localhost:3000/cb', '--read-only');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain(`Cross-app client "${requester.id}" of app ${provider.id} saved`);
    expect(created.out).toMatch(notAgain);
    const secret = created.out.match(secretLine)![1]!;
    // Sealed with the server secret: the server reads the same secret back.
    const client = await findClient(server.context, provider.id, requester.id);
    expect(client).toMatchObject({
      redirectUris: [callback, 'http://localhost:3000/cb'],
      readOnly: true,
      clientSecret: secret,
    });

    const listed = await cli(['cross-app', 'list', provider.id]);
    expect(listed.code).toBe(0);
    expect(listed.out).not.toContain(secret);
    expect(adminCrossAppClientsResponse.parse(JSON.parse(listed.out)).clients).toEqual([
      expect.objectContaining({
        client_id: requester.id,
        redirect_uris: [callback, 'http://localhost:3000/cb'],
        read_only: true,
        confidential: true,
      }),
    ]);

    // Saved again: the secret is kept and not printed; rotated: a new one is printed.
    const kept = await allow();
    expect(kept.code).toBe(0);
    expect(kept.out).not.toMatch(secretLine);
    expect(kept.out).not.toMatch(notAgain);
    const rotated = await allow('--rotate-secret');
    const fresh = rotated.out.match(secretLine)![1]!;
    expect(fresh).not.toBe(secret);
    expect((await findClient(server.context, provider.id, requester.id))!.clientSecret).toBe(fresh);

    // Public: no secret printed, none kept.
    const open = await allow('--public');
    expect(open.code).toBe(0);
    expect(open.out).toContain('public (PKCE only)');
    expect(open.out).not.toMatch(secretLine);
    expect((await findClient(server.context, provider.id, requester.id))!.clientSecret).toBeNull();

    // The requester's listing shows the provider.
    const res = await server.app.request(CROSS_APP_ROUTES.connections(requester.id));
    expect((await res.json()).connections).toEqual([
      expect.objectContaining({ provider_app_id: provider.id, read_only: false }),
    ]);

    const removed = await cli(['cross-app', 'remove', provider.id, requester.id]);
    expect(removed.code).toBe(0);
    expect(JSON.parse((await cli(['cross-app', 'list', provider.id])).out)).toEqual({
      clients: [],
    });
    const again = await cli(['cross-app', 'remove', provider.id, requester.id]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/has no cross-app client/);
  });

  it('--latchkey-app adds the server’s OAuth callback (PUBLIC_URL) as the redirect URI', async () => {
    const provider = await createApp('Cross-app provider for a Latchkey app');
    const requester = await createApp('Cross-app Latchkey requester');
    const saved = await cli(['cross-app', 'allow', provider.id, requester.id, '--latchkey-app'], {
      PUBLIC_URL: 'https://api.example.com/',
    });
    expect(saved.code, saved.err).toBe(0);
    expect(saved.out).toContain('redirect URIs: https://api.example.com/api/v1/oauth/callback\n');
  });

  it('refuses bad input locally: no redirect URI, a bad one, the app itself, an unknown app', async () => {
    const provider = await createApp('Cross-app refusals');
    const none = await cli(['cross-app', 'allow', provider.id, 'rp-1']);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/--redirect-uri/);
    const insecure = await cli([
      'cross-app',
      'allow',
      provider.id,
      'rp-1',
      '--redirect-uri',
      'http://rp.example.com/cb',
    ]);
    expect(insecure.code).toBe(1);
    expect(insecure.err).toMatch(/redirect_uris\.0: must be https/);
    const self = await cli([
      'cross-app',
      'allow',
      provider.id,
      provider.id,
      '--redirect-uri',
      callback,
    ]);
    expect(self.code).toBe(1);
    expect(self.err).toMatch(/cannot be registered as a cross-app client of itself/);
    const unknown = 'nosuchapp0000000000000000';
    for (const args of [
      ['allow', unknown, 'rp-1', '--redirect-uri', callback],
      ['list', unknown],
      ['remove', unknown, 'rp-1'],
    ]) {
      const run = await cli(['cross-app', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.err).toMatch(/App not found/);
    }
    expect(JSON.parse((await cli(['cross-app', 'list', provider.id])).out)).toEqual({
      clients: [],
    });
  });

  it('works through the admin API with --api-url', async () => {
    const provider = await createApp('Cross-app remote');
    const remote = ['--api-url', 'http://api.latchkey.test', '--app-secret', provider.app_secret];
    const allowed = await cli([
      'cross-app',
      'allow',
      provider.id,
      'urn:rp.example:web',
      '--redirect-uri',
      callback,
      ...remote,
    ]);
    expect(allowed.err).toBe('');
    expect(allowed.code).toBe(0);
    const secret = allowed.out.match(secretLine)![1]!;
    expect(
      (await findClient(server.context, provider.id, 'urn:rp.example:web'))!.clientSecret,
    ).toBe(secret);
    const listed = await cli(['cross-app', 'list', provider.id, ...remote]);
    expect(JSON.parse(listed.out).clients.map((c: { client_id: string }) => c.client_id)).toEqual([
      'urn:rp.example:web',
    ]);
    const self = await cli([
      'cross-app',
      'allow',
      provider.id,
      provider.id,
      '--redirect-uri',
      callback,
      ...remote,
    ]);
    expect(self.code).toBe(1);
    expect(self.err).toMatch(/cross_app_self_client/);
    expect(
      (await cli(['cross-app', 'remove', provider.id, 'urn:rp.example:web', ...remote])).code,
    ).toBe(0);
    const gone = await cli(['cross-app', 'remove', provider.id, 'urn:rp.example:web', ...remote]);
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/cross_app_client_not_found/);
  });
});

describe('local PGlite folder', () => {
  it('opens $LATCHKEY_DATA_DIR/db, but not while a live server holds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'));
    let out = '';
    let err = '';
    const io = {
      stdout: (t: string) => (out += t),
      stderr: (t: string) => (err += t),
      env: { LATCHKEY_DATA_DIR: dir, LATCHKEY_SECRET: TEST_SECRET },
    };
    try {
      // A live process (our parent) holds the folder.
      writeFileSync(join(dir, 'server.pid'), `${process.ppid}\n`);
      expect(await runCli(['apps', 'list'], io)).toBe(1);
      expect(err).toMatch(/is using the database/);
      // A stale mark (no such process) does not block; the folder is created and migrated.
      writeFileSync(join(dir, 'server.pid'), '2147483646\n');
      err = '';
      expect(await runCli(['apps', 'create', '--name', 'Local', '--json'], io)).toBe(0);
      expect(err).toBe('');
      const { id } = JSON.parse(out) as { id: string };
      out = '';
      expect(await runCli(['apps', 'list'], io)).toBe(0);
      expect(out).toBe(`${id}\tLocal\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('bin/latchkey.js', () => {
  it('prints help and exits 0', async () => {
    const bin = fileURLToPath(new URL('../../bin/latchkey.js', import.meta.url));
    const child = spawn(process.execPath, [bin, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('Usage: latchkey');
    expect(out).toContain('apps');
    expect(out).toContain('--api-url');
  }, 60_000);
});

describe('secret with DATABASE_URL (issue 10, item 8)', () => {
  it('refuses to read the data folder secret and says what to set', async () => {
    // A valid secret file sits in the data folder: it must not be used for a shared database.
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-secret-'));
    try {
      writeFileSync(join(dir, 'secret'), `${TEST_SECRET}\n`);
      const env = { DATABASE_URL: 'postgres://127.0.0.1:1/unused', LATCHKEY_DATA_DIR: dir };
      await expect(serverSecretOf(env)).rejects.toThrow(SECRET_REQUIRED_WITH_DATABASE_URL);
      await expect(serverSecretOf({ ...env, LATCHKEY_DEV: '1' })).rejects.toThrow(
        /LATCHKEY_SECRET is required when DATABASE_URL is set/,
      );
      // Without DATABASE_URL (PGlite in the folder) the file still serves development.
      expect(await serverSecretOf({ LATCHKEY_DATA_DIR: dir })).toBe(TEST_SECRET);

      let err = '';
      const io = { stdout: () => {}, stderr: (t: string) => (err += t), env, database };
      expect(await runCli(['apps', 'create', '--name', 'Guess'], io)).toBe(1);
      expect(err).toBe(`latchkey: ${SECRET_REQUIRED_WITH_DATABASE_URL}\n`);
      err = '';
      expect(await runCli(['serve'], io)).toBe(1);
      expect(err).toBe(`latchkey: ${SECRET_REQUIRED_WITH_DATABASE_URL}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bin/latchkey.js exits 1 with the message, before touching the database', async () => {
    const bin = fileURLToPath(new URL('../../bin/latchkey.js', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/x' };
    delete env.LATCHKEY_SECRET;
    const child = spawn(process.execPath, [bin, 'apps', 'create', '--name', 'Guess'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('LATCHKEY_SECRET is required when DATABASE_URL is set');
  }, 60_000);
});
