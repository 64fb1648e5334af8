/**
 * The Google Drive stand-in (issue 23 item 4) against the real local OpenID provider: tokens
 * come from a real authorization code flow (oauth4webapi), and the stand-in checks them by
 * introspection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DevOidcProvider,
  startDevOidcProvider,
} from '../packages/server/src/methods/oauth/dev/oidc.ts';
import {
  DRIVE_APPDATA_SCOPE,
  type GoogleDrive,
  startGoogleDrive,
  uploadToDrive,
} from './google-drive.ts';
import { devAccessToken } from './oidc-login.ts';

const REDIRECT = 'http://127.0.0.1:1/callback';
const CLIENTS = [
  { clientId: 'app-one', clientSecret: 'app-one-secret-0123456789' },
  { clientId: 'app-two', clientSecret: 'app-two-secret-0123456789' },
];
const DRIVE_RS = { clientId: 'drive-rs', clientSecret: 'drive-rs-secret-0123456789' };

let idp: DevOidcProvider;
let drive: GoogleDrive;

beforeAll(async () => {
  idp = await startDevOidcProvider({
    port: 0,
    clients: CLIENTS.map((c) => ({ ...c, redirectUris: [REDIRECT] })),
    resourceServers: [DRIVE_RS],
  });
  drive = await startGoogleDrive({ issuer: idp.issuer, introspection: DRIVE_RS });
});
afterAll(async () => {
  await drive?.close();
  await idp?.close();
});

/** A real access token of `username` for `scope`, through the code flow with PKCE. */
const accessToken = (username: string, scope: string, client = CLIENTS[0]!) =>
  devAccessToken({ issuer: idp.issuer, client, redirectUri: REDIRECT, username, scope });

/** A multipart/related upload as Drive's docs describe it. */
const upload = (token: string, metadata: Record<string, unknown>, content: string) =>
  uploadToDrive(drive.url, token, metadata, content);

const list = (token: string, q: string) =>
  fetch(
    `${drive.url}/drive/v3/files?${new URLSearchParams({ spaces: 'appDataFolder', q, fields: 'files(id,name)' })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );

describe('Google Drive stand-in', () => {
  it('uploads to appDataFolder, lists, reads the content and deletes', async () => {
    const token = await accessToken('alice', DRIVE_APPDATA_SCOPE);
    const created = await upload(
      token,
      { name: 'latchkey-recovery.json', parents: ['appDataFolder'] },
      '{"key":"k1"}',
    );
    expect(created.status).toBe(200);
    const file = (await created.json()) as { kind: string; id: string; name: string };
    expect(file).toMatchObject({ kind: 'drive#file', name: 'latchkey-recovery.json' });

    const listed = await list(
      token,
      "name = 'latchkey-recovery.json' and 'appDataFolder' in parents",
    );
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { kind: string; files: { id: string }[] };
    expect(body.kind).toBe('drive#fileList');
    expect(body.files.map((f) => f.id)).toEqual([file.id]);
    expect(((await (await list(token, "name = 'other'")).json()) as { files: [] }).files).toEqual(
      [],
    );

    const media = await fetch(`${drive.url}/drive/v3/files/${file.id}?alt=media`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(media.status).toBe(200);
    expect(await media.text()).toBe('{"key":"k1"}');

    const deleted = await fetch(`${drive.url}/drive/v3/files/${file.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(204);
    const gone = await fetch(`${drive.url}/drive/v3/files/${file.id}?alt=media`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
    expect(
      ((await gone.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason,
    ).toBe('notFound');
  });

  it('keeps files per user and per OAuth client', async () => {
    const alice = await accessToken('alice2', DRIVE_APPDATA_SCOPE);
    const bob = await accessToken('bob2', DRIVE_APPDATA_SCOPE);
    const aliceOtherApp = await accessToken('alice2', DRIVE_APPDATA_SCOPE, CLIENTS[1]);
    const created = (await (
      await upload(alice, { name: 'k', parents: ['appDataFolder'] }, 'secret')
    ).json()) as { id: string };
    for (const other of [bob, aliceOtherApp]) {
      expect(((await (await list(other, "name = 'k'")).json()) as { files: [] }).files).toEqual([]);
      const read = await fetch(`${drive.url}/drive/v3/files/${created.id}?alt=media`, {
        headers: { authorization: `Bearer ${other}` },
      });
      expect(read.status).toBe(404);
    }
    expect(drive.files('app-one', 'alice2')).toHaveLength(1);
  });

  it('refuses a missing or unknown token (401) and a token without drive.appdata (403)', async () => {
    const none = await fetch(`${drive.url}/drive/v3/files?spaces=appDataFolder`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await list('not-a-token', "name = 'k'")).status).toBe(401);

    const openidOnly = await accessToken('carol', 'openid');
    const refused = await list(openidOnly, "name = 'k'");
    expect(refused.status).toBe(403);
    const error = (await refused.json()) as {
      error: { status: string; errors: { reason: string }[] };
    };
    expect(error.error.status).toBe('PERMISSION_DENIED');
    expect(error.error.errors[0]!.reason).toBe('insufficientPermissions');
    expect((await upload(openidOnly, { name: 'k', parents: ['appDataFolder'] }, 'x')).status).toBe(
      403,
    );
  });

  it('reaches only the app folder with the drive.appdata scope', async () => {
    const token = await accessToken('dave', DRIVE_APPDATA_SCOPE);
    expect((await upload(token, { name: 'k', parents: ['root'] }, 'x')).status).toBe(403);
    expect((await upload(token, { name: 'k' }, 'x')).status).toBe(403);
    const drives = await fetch(`${drive.url}/drive/v3/files?spaces=drive`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(drives.status).toBe(403);
  });
});
