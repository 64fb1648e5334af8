/**
 * Shared test helpers of the server suite. `testDatabase()` gives each test file its own
 * database: PGlite in memory by default, or, when `LATCHKEY_TEST_DATABASE_URL` is set, a fresh
 * PostgreSQL database created on that server (dropped again by `close()`).
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import {
  EMBEDDED_WALLET_CLIENT_TYPE,
  APP_ID_HEADER,
  authenticateResponse,
  DPOP_HEADER,
  ROUTES,
  type WalletProofAction,
  walletNonceResponse,
  walletProofMessage,
} from '@latchkey/api';
import { calculateThumbprint, generateKeyPair, generateProof, type KeyPair } from 'dpop';
import type { LocalAccount, PrivateKeyAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type CreateAppInput, createAppRecord } from './apps/records.ts';
import { randomId } from './crypto.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteTemplate } from '../../../test-support/pglite-template.ts';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './db/index.ts';
import { type AppRow, embeddedWallets, linkedAccounts } from './db/schema.ts';
import { devOutboxDelivery } from './delivery/dev-outbox.ts';
import type { Delivery } from './delivery/types.ts';
import type { RateLimitConfig } from './rate-limit.ts';
import { type CreateServerOptions, createServer, type LatchkeyServer } from './server.ts';

/** The secret used by test servers (>= 32 characters). */
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
/** The public URL used by test servers. */
export const TEST_PUBLIC_URL = 'http://api.latchkey.test';

/**
 * Opens an isolated, migrated database for one test file.
 * With `LATCHKEY_TEST_DATABASE_URL` (a PostgreSQL URL whose user may CREATE DATABASE), a new
 * database `latchkey_test_<random>` is created there and dropped on `close()`. Without it, PGlite
 * in memory on the test's thread, started from a migrated database's dump; or on a worker
 * thread with `LATCHKEY_TEST_PGLITE_THREAD=worker` (as the server runs it, through initdb).
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.LATCHKEY_TEST_DATABASE_URL;
  if (!url) {
    if (process.env.LATCHKEY_TEST_PGLITE_THREAD === 'worker') {
      return openDatabase({ pgliteThread: 'worker' });
    }
    // From a migrated database's dump, made once per run (test-support/pglite-template.ts):
    // about 1.4 s instead of 3.5 s of initdb for each test file.
    const dump = await pgliteTemplate('pglite-dump.tar', writeMigratedDump);
    return openDatabase({ pgliteThread: 'main', pgliteDump: new Blob([await readFile(dump)]) });
  }
  const { default: pg } = await import('pg');
  const name = `latchkey_test_${randomId(12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** Writes the `dumpDataDir()` tarball of a freshly migrated in-memory PGlite to `target`. */
async function writeMigratedDump(target: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create();
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await pglite.dumpDataDir('none');
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** A controllable clock in ms. */
export interface TestClock {
  (): number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

/** A clock starting at `start` ms that moves only when told. */
export function testClock(start = Date.UTC(2026, 0, 1)): TestClock {
  let t = start;
  const clock = (() => t) as TestClock;
  clock.advance = (ms) => {
    t += ms;
  };
  return clock;
}

/** Generous per-IP limits so tests that are not about them never hit them. */
export const RELAXED_IP_LIMITS: Partial<RateLimitConfig> = {
  initPerIp: { max: 10_000, windowS: 60 },
  authenticatePerIp: { max: 10_000, windowS: 60 },
  refreshPerIp: { max: 10_000, windowS: 60 },
};

/** A test server plus helpers bound to it. */
export interface TestServer extends LatchkeyServer {
  clock: TestClock;
  /** Creates an app (email login on, origin `https://app.example.com` allowed by default). */
  createApp(input?: Partial<CreateAppInput>): Promise<AppRow>;
  /** `POST path` with a JSON body and the app header. */
  post(
    appId: string,
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** The latest dev-outbox code sent to `to`. */
  lastCode(to: string): Promise<string>;
}

/**
 * Builds a server on `db` with the dev outbox, a test clock and relaxed per-IP limits.
 * @param options overrides passed to `createServer` (rate limits are merged over the relaxed ones).
 */
export function testServer(
  database: Database,
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    delivery?: Delivery;
    trustProxy?: CreateServerOptions['trustProxy'];
    /** Further `createServer` options (wallet funder, frame entry, chains, ...). */
    server?: Partial<CreateServerOptions>;
    /**
     * The server's clock. Default one at 2026-01-01; a test whose peer checks times by the real
     * clock (a Sign In With Farcaster message) starts one at `Date.now()`.
     */
    clock?: TestClock;
  } = {},
): TestServer {
  const clock = options.clock ?? testClock();
  const server = createServer({
    db: database.db,
    publicUrl: TEST_PUBLIC_URL,
    secret: TEST_SECRET,
    delivery: options.delivery ?? devOutboxDelivery(database.db, clock),
    dev: true,
    now: clock,
    rateLimits: { ...RELAXED_IP_LIMITS, ...options.rateLimits },
    trustProxy: options.trustProxy ?? false,
    ...options.server,
  });
  return {
    ...server,
    clock,
    createApp: (input = {}) =>
      createAppRecord(database.db, TEST_SECRET, {
        name: 'Test App',
        emailAuth: true,
        allowedOrigins: ['https://app.example.com'],
        ...input,
      }),
    post: (appId, path, body, headers = {}) =>
      Promise.resolve(
        server.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [APP_ID_HEADER]: appId, ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    async lastCode(to) {
      const res = await server.app.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as { code: string | null }[];
      const code = messages.at(-1)?.code;
      if (!code) throw new Error(`No code sent to ${to}`);
      return code;
    },
  };
}

/** A unique email address for one test. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomId(8)}@example.com`;
}

/** A session as the tests hold it: the tokens the host page would keep, and its user. */
export interface TestSession {
  appId: string;
  email: string;
  userId: string;
  token: string;
  refreshToken: string;
}

/**
 * Logs a new (or the given) email user into `appId` with a dev-outbox code.
 * @param options.dpop a `DPoP` header for the authenticate call (a login proof), if any.
 * @returns the session; throws unless the authenticate call answers 200.
 */
export async function loginByEmail(
  server: TestServer,
  appId: string,
  options: { email?: string; dpop?: string } = {},
): Promise<TestSession> {
  const email = options.email ?? uniqueEmail('login');
  const init = await server.post(appId, ROUTES.passwordlessInit, { email });
  if (init.status !== 200) throw new Error(`init answered ${init.status}`);
  const code = await server.lastCode(email);
  const res = await server.post(
    appId,
    ROUTES.passwordlessAuthenticate,
    { email, code },
    options.dpop === undefined ? {} : { [DPOP_HEADER]: options.dpop },
  );
  if (res.status !== 200) {
    throw new Error(`authenticate answered ${res.status}: ${await res.text()}`);
  }
  const body = authenticateResponse.parse(await res.json());
  return {
    appId,
    email,
    userId: body.user.id,
    token: body.token!,
    refreshToken: body.refresh_token!,
  };
}

/** Options of one custody request made by a {@link TestFrame}. */
export interface FrameRequestOptions {
  /** The `DPoP` header: a proof made for this request by default, `null` for none. */
  proof?: string | null;
  /** The `Authorization` header: `DPoP <session token>` by default. */
  authorization?: string;
  /** Further headers (e.g. `origin`). */
  headers?: Record<string, string>;
}

/**
 * The wallet frame as the tests play it (issue 10): a P-256 key pair made by the `dpop` package
 * (the library the real frame uses, `packages/wallet-frame/src/frame/frame-key.ts`), which logs
 * users in with a DPoP login proof (binding the session to its key) and makes the custody calls
 * with `Authorization: DPoP` and a fresh proof.
 */
export interface TestFrame {
  readonly server: TestServer;
  readonly keyPair: KeyPair;
  /** RFC 7638 thumbprint of the public key (`calculateThumbprint` of `dpop`). */
  readonly jkt: string;
  /**
   * A DPoP proof by this key (`generateProof` of `dpop`) for `htm` and `path` on the test server's
   * public URL, with `iat` = the server's clock (or `atMs`), `ath` when `accessToken` is given.
   * @param options.htu a full URL instead of `TEST_PUBLIC_URL + path`.
   */
  proof(
    htm: string,
    path: string,
    options?: { accessToken?: string; atMs?: number; htu?: string },
  ): Promise<string>;
  /** Logs an email user into `appId` with a login proof: the session is bound to this key. */
  login(appId: string, options?: { email?: string }): Promise<TestSession>;
  /** `POST path` as the frame makes it: `Authorization: DPoP <token>` and a fresh proof. */
  post(
    session: TestSession,
    path: string,
    body?: unknown,
    options?: FrameRequestOptions,
  ): Promise<Response>;
  /** A wallet proof nonce (`POST /embedded_wallets/nonce`). */
  nonce(session: TestSession): Promise<string>;
  /**
   * `{nonce, signature}`: a fresh nonce and the EIP-191 signature by `wallet` over
   * `walletProofMessage` for `action`, as the frame adds them to create and reshare bodies.
   */
  walletProof(
    session: TestSession,
    wallet: LocalAccount,
    action: WalletProofAction,
    nonce?: string,
  ): Promise<{ nonce: string; signature: `0x${string}` }>;
}

/**
 * Makes `generateProof` of `dpop` sign with `iat` = `atMs`: it reads `Date.now()` synchronously
 * when called (before its first await), so the clock is swapped for that call only.
 */
function proofAt(atMs: number, make: () => Promise<string>): Promise<string> {
  const realNow = Date.now;
  Date.now = () => atMs;
  try {
    return make();
  } finally {
    Date.now = realNow;
  }
}

/** A wallet frame (its own fresh key pair) talking to `server`. See {@link TestFrame}. */
export async function testFrame(server: TestServer): Promise<TestFrame> {
  const keyPair = await generateKeyPair('ES256');
  const jkt = await calculateThumbprint(keyPair.publicKey);
  const frame: TestFrame = {
    server,
    keyPair,
    jkt,
    proof(htm, path, options = {}) {
      const htu = options.htu ?? `${TEST_PUBLIC_URL}${path}`;
      return proofAt(options.atMs ?? server.clock(), () =>
        generateProof(keyPair, htu, htm, undefined, options.accessToken),
      );
    },
    async login(appId, options = {}) {
      const dpop = await frame.proof('POST', ROUTES.passwordlessAuthenticate);
      return loginByEmail(server, appId, { ...options, dpop });
    },
    async post(session, path, body = {}, options = {}) {
      const proof =
        options.proof === undefined
          ? await frame.proof('POST', path, { accessToken: session.token })
          : options.proof;
      return server.post(session.appId, path, body, {
        authorization: options.authorization ?? `DPoP ${session.token}`,
        ...(proof === null ? {} : { [DPOP_HEADER]: proof }),
        ...options.headers,
      });
    },
    async nonce(session) {
      const res = await frame.post(session, ROUTES.walletNonce);
      if (res.status !== 200) throw new Error(`nonce answered ${res.status}: ${await res.text()}`);
      return walletNonceResponse.parse(await res.json()).nonce;
    },
    async walletProof(session, wallet, action, nonce) {
      const n = nonce ?? (await frame.nonce(session));
      const message = walletProofMessage({
        action,
        appId: session.appId,
        userId: session.userId,
        address: wallet.address,
        nonce: n,
      });
      return { nonce: n, signature: await wallet.signMessage({ message }) };
    },
  };
  return frame;
}

/** A fresh random wallet key (viem account): its `address` and `signMessage`. */
export function testWalletKey(): PrivateKeyAccount {
  return privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
}

/**
 * An embedded wallet of `userId` in `appId` with `address` as the wallet service writes it (the
 * `embedded_wallets` row, with placeholder shares, and its `wallet` linked account): for tests
 * that read a user's wallets (the cross-app `wallets` claim), not ones that sign.
 */
export async function insertWalletRow(
  database: Database,
  appId: string,
  userId: string,
  address: string,
): Promise<void> {
  await database.db.insert(embeddedWallets).values({
    id: `w-${randomBytes(6).toString('hex')}`,
    appId,
    userId,
    address,
    chainType: 'ethereum',
    recoveryMethod: 'latchkey',
    authShare: 'not-a-real-share',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await database.db.insert(linkedAccounts).values({
    appId,
    userId,
    type: 'wallet',
    subject: address,
    details: {
      chain_type: 'ethereum',
      chain_id: null,
      wallet_client_type: EMBEDDED_WALLET_CLIENT_TYPE,
      connector_type: 'embedded',
      recovery_method: 'latchkey',
      imported: false,
    },
    firstVerifiedAt: new Date(),
    latestVerifiedAt: new Date(),
  });
}

/**
 * A browser as far as cookies and redirects go: sends its cookies with each request, keeps the
 * ones it is sent (a cookie set to empty is dropped), never follows a redirect. `send` makes the
 * request (e.g. to a listening test server in place of the public URL); relative URLs resolve
 * against `base`.
 */
export class CookieBrowser {
  cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private send: (url: URL, init: RequestInit) => Promise<Response> = (url, init) =>
      fetch(url, init),
  ) {}

  /** Sends further requests with `send` instead (the same cookies). */
  via(send: (url: URL, init: RequestInit) => Promise<Response>): this {
    this.send = send;
    return this;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await this.send(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return res;
  }
}
