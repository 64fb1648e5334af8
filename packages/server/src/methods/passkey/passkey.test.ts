/**
 * Passkey server half against the real Hono app on PGlite (security catalogue 36-37), with
 * real WebAuthn responses from a software authenticator: sign-up then log-in, and each
 * refusal (origin, RP ID, replayed or expired challenge, counter, UV flag, the 6th passkey).
 */
import { authenticateResponse, passkeyLinkResponse, ROUTES } from '@latchkey/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { apps, linkedAccounts, sessions } from '../../db/schema.ts';
import { testDatabase, testServer, type TestServer } from '../../test-utils.ts';
import { FLAG_UP, FLAG_UV, SoftAuthenticator } from './soft-authenticator.ts';

const ORIGIN = 'https://app.example.com';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ passkeyAuth: true, allowedOrigins: [ORIGIN] })).id;
});
afterAll(() => database?.close());

const headers = (extra: Record<string, string> = {}) => ({
  origin: ORIGIN,
  'user-agent': CHROME_LINUX,
  ...extra,
});

async function options(path: string, extra: Record<string, string> = {}, id = appId) {
  const res = await server.post(id, path, {}, headers(extra));
  expect(res.status).toBe(200);
  return ((await res.json()) as { options: Record<string, unknown> }).options;
}

async function signUp(auth = new SoftAuthenticator()) {
  const opts = await options(ROUTES.passkeyRegisterInit);
  const response = auth.register(opts, { origin: ORIGIN });
  const res = await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response }, headers());
  expect(res.status).toBe(200);
  return { auth, answer: authenticateResponse.parse(await res.json()), credentialId: response.id };
}

async function expectRefused(res: Response, status = 422, code = 'invalid_credentials') {
  const body = (await res.json()) as { code: string; error: string };
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  return body;
}

describe('passkey sign-up and log-in', () => {
  it('signs up with a new passkey, then logs in as the same user', async () => {
    const { auth, answer, credentialId } = await signUp();
    expect(answer.is_new_user).toBe(true);
    expect(answer.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'passkey',
        credential_id: credentialId,
        authenticator_name: null,
        created_with_browser: 'Chrome',
        created_with_os: 'Linux',
        enrolled_in_mfa: false,
      }),
    ]);

    const opts = await options(ROUTES.passkeyAuthenticateInit);
    expect(opts).toMatchObject({ rpId: 'app.example.com', userVerification: 'required' });
    expect(Buffer.from(opts.challenge as string, 'base64url')).toHaveLength(32);
    const response = auth.assert(opts, { origin: ORIGIN });
    const res = await server.post(appId, ROUTES.passkeyAuthenticate, { response }, headers());
    expect(res.status).toBe(200);
    const login = authenticateResponse.parse(await res.json());
    expect(login.is_new_user).toBe(false);
    expect(login.user.id).toBe(answer.user.id);
  });

  it('registration options ask for a discoverable credential with UV, RP ID = Origin host', async () => {
    const opts = await options(ROUTES.passkeyRegisterInit);
    expect(opts).toMatchObject({
      rp: { id: 'app.example.com' },
      timeout: 60_000,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(Buffer.from(opts.challenge as string, 'base64url')).toHaveLength(32);
  });

  it('names a known authenticator from its AAGUID', async () => {
    const aaguid = Buffer.from('ea9b8d664d011d213ce4b6b48cb575d4', 'hex');
    const { answer } = await signUp(new SoftAuthenticator(aaguid));
    expect(answer.user.linked_accounts[0]).toMatchObject({
      authenticator_name: 'Google Password Manager',
    });
  });
});

describe('refusals (catalogue 36-37)', () => {
  it('refuses a response made for another origin', async () => {
    const opts = await options(ROUTES.passkeyRegisterInit);
    const response = new SoftAuthenticator().register(opts, { origin: 'https://evil.example.com' });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response }, headers()),
    );

    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    const assertion = auth.assert(aopts, { origin: 'https://evil.example.com' });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: assertion }, headers()),
    );
  });

  it('refuses calls from an Origin the app does not allow, and calls without Origin', async () => {
    const evil = await server.post(
      appId,
      ROUTES.passkeyAuthenticateInit,
      {},
      {
        origin: 'https://evil.example.com',
      },
    );
    await expectRefused(evil, 403, 'invalid_origin');
    const none = await server.post(appId, ROUTES.passkeyAuthenticateInit, {});
    await expectRefused(none, 403, 'invalid_origin');
  });

  it('refuses a response signed for another RP ID', async () => {
    const opts = await options(ROUTES.passkeyRegisterInit);
    const response = new SoftAuthenticator().register(opts, {
      origin: ORIGIN,
      rpId: 'evil.example.com',
    });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response }, headers()),
    );

    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    const assertion = auth.assert(aopts, { origin: ORIGIN, rpId: 'example.com' });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: assertion }, headers()),
    );
  });

  it('refuses a replayed challenge (assertion and registration)', async () => {
    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    const first = auth.assert(aopts, { origin: ORIGIN });
    const ok = await server.post(appId, ROUTES.passkeyAuthenticate, { response: first }, headers());
    expect(ok.status).toBe(200);
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: first }, headers()),
    );
    // A fresh signature (higher counter) over the used challenge is refused too.
    const again = auth.assert(aopts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: again }, headers()),
    );

    const ropts = await options(ROUTES.passkeyRegisterInit);
    const reg = new SoftAuthenticator().register(ropts, { origin: ORIGIN });
    const signed = await server.post(
      appId,
      ROUTES.passkeyRegisterAuthenticate,
      { response: reg },
      headers(),
    );
    expect(signed.status).toBe(200);
    const reg2 = new SoftAuthenticator().register(ropts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response: reg2 }, headers()),
    );
  });

  it('refuses a challenge we never issued, and one issued for the other flow', async () => {
    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    const forged = auth.assert(aopts, {
      origin: ORIGIN,
      challenge: Buffer.alloc(32, 7).toString('base64url'),
    });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: forged }, headers()),
    );
    const ropts = await options(ROUTES.passkeyRegisterInit);
    const crossed = auth.assert({ ...aopts, challenge: ropts.challenge }, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: crossed }, headers()),
    );
  });

  it('refuses a challenge after 60 s (61 s on the clock)', async () => {
    const ropts = await options(ROUTES.passkeyRegisterInit);
    server.clock.advance(61_000);
    const reg = new SoftAuthenticator().register(ropts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response: reg }, headers()),
    );

    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    server.clock.advance(61_000);
    const late = auth.assert(aopts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response: late }, headers()),
    );
  });

  it('refuses a sign counter that does not increase', async () => {
    const { auth } = await signUp();
    const login = async (counter: number) => {
      const aopts = await options(ROUTES.passkeyAuthenticateInit);
      const response = auth.assert(aopts, { origin: ORIGIN, counter });
      return server.post(appId, ROUTES.passkeyAuthenticate, { response }, headers());
    };
    expect((await login(5)).status).toBe(200);
    await expectRefused(await login(5));
    await expectRefused(await login(3));
    expect((await login(6)).status).toBe(200);
  });

  it('refuses responses without the UV flag, and without UP', async () => {
    const ropts = await options(ROUTES.passkeyRegisterInit);
    const reg = new SoftAuthenticator().register(ropts, { origin: ORIGIN, flags: FLAG_UP });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response: reg }, headers()),
    );

    const { auth } = await signUp();
    for (const flags of [FLAG_UP, FLAG_UV]) {
      const aopts = await options(ROUTES.passkeyAuthenticateInit);
      const response = auth.assert(aopts, { origin: ORIGIN, flags });
      await expectRefused(
        await server.post(appId, ROUTES.passkeyAuthenticate, { response }, headers()),
      );
    }
  });

  it('refuses a tampered signature and an unknown credential', async () => {
    const { auth } = await signUp();
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    const response = auth.assert(aopts, { origin: ORIGIN });
    const sig = Buffer.from(response.response.signature, 'base64url');
    sig.writeUInt8(sig.readUInt8(sig.length - 1) ^ 1, sig.length - 1);
    response.response.signature = sig.toString('base64url');
    await expectRefused(
      await server.post(appId, ROUTES.passkeyAuthenticate, { response }, headers()),
    );
    const stranger = new SoftAuthenticator();
    stranger.register(await options(ROUTES.passkeyRegisterInit), { origin: ORIGIN });
    const bopts = await options(ROUTES.passkeyAuthenticateInit);
    await expectRefused(
      await server.post(
        appId,
        ROUTES.passkeyAuthenticate,
        { response: stranger.assert(bopts, { origin: ORIGIN }) },
        headers(),
      ),
    );
  });

  it('answers disallowed_login_method when passkeys are off for the app', async () => {
    const off = await server.createApp({ passkeyAuth: false, allowedOrigins: [ORIGIN] });
    await expectRefused(
      await server.post(off.id, ROUTES.passkeyAuthenticateInit, {}, headers()),
      403,
      'disallowed_login_method',
    );
  });
});

describe('linking and unlinking', () => {
  it('links up to 5 passkeys and refuses the 6th', async () => {
    const { answer } = await signUp();
    const bearer = { authorization: `Bearer ${answer.token}` };
    for (let i = 2; i <= 5; i++) {
      const opts = await options(ROUTES.passkeyRegisterInit, bearer);
      const response = new SoftAuthenticator().register(opts, { origin: ORIGIN });
      const res = await server.post(
        appId,
        ROUTES.passkeyRegisterLink,
        { response },
        headers(bearer),
      );
      expect(res.status).toBe(200);
      const { user } = passkeyLinkResponse.parse(await res.json());
      expect(user.id).toBe(answer.user.id);
      expect(user.linked_accounts.filter((a) => a.type === 'passkey')).toHaveLength(i);
    }
    const sixth = await server.post(appId, ROUTES.passkeyRegisterInit, {}, headers(bearer));
    const body = await expectRefused(sixth, 409, 'cannot_link_more_of_type');
    expect(body.error).toBe('Cannot link more passkeys to account.');
  });

  it('refuses the 6th at verification too (options issued while there were 4)', async () => {
    const { answer } = await signUp();
    const bearer = { authorization: `Bearer ${answer.token}` };
    const link = async (opts: Record<string, unknown>) =>
      server.post(
        appId,
        ROUTES.passkeyRegisterLink,
        { response: new SoftAuthenticator().register(opts, { origin: ORIGIN }) },
        headers(bearer),
      );
    for (let i = 2; i <= 4; i++) {
      expect((await link(await options(ROUTES.passkeyRegisterInit, bearer))).status).toBe(200);
    }
    const a = await options(ROUTES.passkeyRegisterInit, bearer);
    const b = await options(ROUTES.passkeyRegisterInit, bearer);
    expect((await link(a)).status).toBe(200);
    await expectRefused(await link(b), 409, 'cannot_link_more_of_type');
  });

  it('keeps sign-up and link challenges apart', async () => {
    const { answer } = await signUp();
    const bearer = { authorization: `Bearer ${answer.token}` };
    const linkOpts = await options(ROUTES.passkeyRegisterInit, bearer);
    const response = new SoftAuthenticator().register(linkOpts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterAuthenticate, { response }, headers()),
    );
    const signUpOpts = await options(ROUTES.passkeyRegisterInit);
    const r2 = new SoftAuthenticator().register(signUpOpts, { origin: ORIGIN });
    await expectRefused(
      await server.post(appId, ROUTES.passkeyRegisterLink, { response: r2 }, headers(bearer)),
    );
  });

  it('unlinks a passkey; the passkey no longer logs in; the last one stays', async () => {
    const { auth, answer, credentialId } = await signUp();
    const bearer = { authorization: `Bearer ${answer.token}` };
    const unlink = (id: string) =>
      server.post(appId, ROUTES.passkeyUnlink, { credential_id: id }, headers(bearer));
    // The only passkey is the user's last login method.
    await expectRefused(await unlink(credentialId), 409, 'cannot_unlink_last_account');

    const opts = await options(ROUTES.passkeyRegisterInit, bearer);
    const second = new SoftAuthenticator().register(opts, { origin: ORIGIN });
    const linked = await server.post(
      appId,
      ROUTES.passkeyRegisterLink,
      { response: second },
      headers(bearer),
    );
    expect(linked.status).toBe(200);

    const res = await unlink(credentialId);
    expect(res.status).toBe(200);
    const { user } = passkeyLinkResponse.parse(await res.json());
    expect(user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'passkey', credential_id: second.id }),
    ]);
    const rows = await database.db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.type, 'passkey'), eq(linkedAccounts.subject, credentialId)));
    expect(rows).toEqual([]);
    const aopts = await options(ROUTES.passkeyAuthenticateInit);
    await expectRefused(
      await server.post(
        appId,
        ROUTES.passkeyAuthenticate,
        { response: auth.assert(aopts, { origin: ORIGIN }) },
        headers(),
      ),
    );
    await expectRefused(await unlink(credentialId), 404, 'account_not_linked');
    await expectRefused(await unlink(second.id), 409, 'cannot_unlink_last_account');
  });

  it('refuses to unlink a passkey enrolled in MFA', async () => {
    const { answer, credentialId } = await signUp();
    const bearer = { authorization: `Bearer ${answer.token}` };
    const opts = await options(ROUTES.passkeyRegisterInit, bearer);
    const second = new SoftAuthenticator().register(opts, { origin: ORIGIN });
    expect(
      (await server.post(appId, ROUTES.passkeyRegisterLink, { response: second }, headers(bearer)))
        .status,
    ).toBe(200);
    await database.db
      .update(linkedAccounts)
      .set({ details: sql`${linkedAccounts.details} || '{"enrolled_in_mfa": true}'::jsonb` })
      .where(eq(linkedAccounts.subject, credentialId));
    const res = await server.post(
      appId,
      ROUTES.passkeyUnlink,
      { credential_id: credentialId },
      headers(bearer),
    );
    const body = await expectRefused(res, 401, 'missing_or_invalid_mfa');
    expect(body.error).toBe('Cannot unlink a passkey enrolled in MFA');
    expect(
      await database.db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.subject, credentialId)),
    ).toHaveLength(1);
  });
});

describe('login gates', () => {
  // Written beside the server (as another process would): drop its cached row (issue 13).
  const setApp = async (values: Partial<typeof apps.$inferInsert>) => {
    await database.db.update(apps).set(values).where(eq(apps.id, appId));
    server.context.apps.invalidate(appId);
  };

  it('a sign-up started before sign-ups were disabled still creates no user', async () => {
    const opts = await options(ROUTES.passkeyRegisterInit);
    await setApp({ disableSignups: true });
    try {
      const response = new SoftAuthenticator().register(opts, { origin: ORIGIN });
      const res = await server.post(
        appId,
        ROUTES.passkeyRegisterAuthenticate,
        { response },
        headers(),
      );
      await expectRefused(res, 404, 'user_does_not_exist');
      expect(
        await database.db
          .select()
          .from(linkedAccounts)
          .where(eq(linkedAccounts.subject, response.id)),
      ).toEqual([]);
    } finally {
      await setApp({ disableSignups: false });
    }
  });

  it('with the allowlist on, a passkey-only user is refused at login', async () => {
    const { auth, answer } = await signUp();
    await setApp({ allowlistEnabled: true });
    try {
      const opts = await options(ROUTES.passkeyAuthenticateInit);
      const res = await server.post(
        appId,
        ROUTES.passkeyAuthenticate,
        { response: auth.assert(opts, { origin: ORIGIN }) },
        headers(),
      );
      await expectRefused(res, 403, 'allowlist_rejected');
      const mine = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, answer.user.id));
      expect(mine).toHaveLength(1);
    } finally {
      await setApp({ allowlistEnabled: false });
    }
  });
});
