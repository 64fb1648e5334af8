/**
 * A development stand-in for the Farcaster app's side of Sign In With Farcaster (issue 16): with
 * `dev`, the connect URIs of the relay stand-in (`./relay.ts`) open
 * `GET /dev/farcaster/connect?channelToken=..` on the API origin, a page that asks to sign in to
 * the channel's domain as the development Farcaster account. 'Approve' does what the Farcaster app
 * does: builds the sign-in message from the channel's parameters (`@farcaster/auth-client`'s
 * wallet client), signs it with the account's custody key (EIP-191), and answers the relay
 * (`POST /v1/channel/authenticate` with the relay key).
 *
 * The account's fid comes from the Id Registry stand-in on the development chain (`./idRegistry.ts`,
 * placed and registered on first use). Never mounted without `dev`; tests play the app themselves.
 */
import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import { Hono } from 'hono';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import { installIdRegistryStandIn, registerFid } from './idRegistry.ts';
import type { KeyRequestStandIn } from './keyRequests.ts';
import { DEV_RELAY_AUTH_KEY, type RelayChannelParams, type RelayStandIn } from './relay.ts';

/** Where the page lives on the API origin. */
export const FARCASTER_CONNECT_PATH = '/dev/farcaster/connect';

/**
 * The custody key of the development Farcaster account (anvil's test account #9: a public test
 * key, never used on a real chain).
 */
export const DEV_FARCASTER_CUSTODY_KEY =
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

/** The development account's profile (its username may be changed on the page). */
export const DEV_FARCASTER_PROFILE = {
  username: 'latchkey-dev',
  displayName: 'Latchkey Dev',
  bio: 'The development Farcaster account',
} as const;

/**
 * The sign-in message fields of a channel's parameters (as the Farcaster app reads them from the
 * connect URI): `siweUri` is the message's `uri`, the times become `Date`s.
 */
export function signInMessageFields(params: RelayChannelParams) {
  return {
    domain: params.domain,
    uri: params.siweUri,
    nonce: params.nonce,
    ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
    ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
    ...(params.requestId ? { requestId: params.requestId } : {}),
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The content security policy of the stand-in pages: their inline script and style only. */
const PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'";

/**
 * A stand-in page of the Farcaster app: a question, one field and 'Approve', which posts
 * `{...fixed, [field.key]: value}` to `approveUrl` and says `doneText` (all values escaped; JSON
 * for the script).
 */
function approvalPage(page: {
  title: string;
  questionHtml: string;
  field: { key: string; label: string; value: string; numeric?: boolean };
  approveUrl: string;
  fixed: Record<string, string>;
  doneText: string;
}): string {
  const data = JSON.stringify({
    fixed: page.fixed,
    key: page.field.key,
    numeric: page.field.numeric === true,
    url: page.approveUrl,
    done: page.doneText,
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(page.title)}</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;color:#222;max-width:420px}
input{display:block;width:100%;padding:6px;font:inherit;margin:6px 0 12px}button{padding:8px 16px;font:inherit}</style>
</head><body>
<h1>${escapeHtml(page.title)}</h1>
<p>${page.questionHtml}</p>
<label>${escapeHtml(page.field.label)} <input id="field" value="${escapeHtml(page.field.value)}"></label>
<button id="approve" type="button">Approve</button>
<p id="result" role="status"></p>
<script>
const data = ${data};
document.getElementById('approve').addEventListener('click', async () => {
  const button = document.getElementById('approve');
  button.disabled = true;
  const value = document.getElementById('field').value;
  const res = await fetch(data.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...data.fixed, [data.key]: data.numeric ? Number(value) : value }),
  });
  document.getElementById('result').textContent = res.ok ? data.done : 'Failed: ' + (await res.text());
  if (!res.ok) button.disabled = false;
});
</script>
</body></html>`;
}

const approveRequest = z.object({
  channelToken: z.string().min(8).max(256),
  username: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,15}$/)
    .default(DEV_FARCASTER_PROFILE.username),
});

/**
 * The page and its approve step. `relay` is the relay stand-in (its channels and app, answered
 * in process as the Farcaster app would over HTTP); `rpcUrl` the development chain.
 */
export function farcasterClientStandInRoutes(relay: RelayStandIn, rpcUrl: string): Hono {
  const app = new Hono();
  const account = privateKeyToAccount(DEV_FARCASTER_CUSTODY_KEY);
  const wallet = createWalletClient({ ethereum: viemConnector({ rpcUrl }) });

  app.get(FARCASTER_CONNECT_PATH, (c) => {
    const token = c.req.query('channelToken') ?? '';
    const channel = relay.channel(token);
    c.header('content-security-policy', PAGE_CSP);
    if (!channel) return c.html('<p>This sign-in request has expired.</p>', 404);
    return c.html(
      approvalPage({
        title: 'Farcaster (development stand-in)',
        questionHtml: `Sign in to <strong>${escapeHtml(channel.params.domain)}</strong> with your Farcaster account?`,
        field: { key: 'username', label: 'Username', value: DEV_FARCASTER_PROFILE.username },
        approveUrl: `${FARCASTER_CONNECT_PATH}/approve`,
        fixed: { channelToken: token },
        doneText: 'Approved. Go back to the app.',
      }),
    );
  });

  app.post(`${FARCASTER_CONNECT_PATH}/approve`, async (c) => {
    const parsed = approveRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.text('Bad request', 400);
    const { channelToken, username } = parsed.data;
    const channel = relay.channel(channelToken);
    if (!channel) return c.text('This sign-in request has expired', 404);
    await installIdRegistryStandIn(rpcUrl);
    const fid = await registerFid(rpcUrl, account.address);
    const built = wallet.buildSignInMessage({
      ...signInMessageFields(channel.params),
      address: account.address,
      fid: Number(fid),
    });
    if (built.isError) return c.text(built.error?.message ?? 'Bad request', 400);
    const signature = await account.signMessage({ message: built.message });
    const answer = await relay.app.request('/v1/channel/authenticate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channelToken}`,
        'x-farcaster-auth-relay-key': DEV_RELAY_AUTH_KEY,
      },
      body: JSON.stringify({
        message: built.message,
        signature,
        fid: Number(fid),
        username,
        displayName: DEV_FARCASTER_PROFILE.displayName,
        bio: DEV_FARCASTER_PROFILE.bio,
        pfpUrl: '',
      }),
    });
    return c.json({ ok: answer.ok, fid: Number(fid) }, answer.ok ? 200 : 502);
  });

  return app;
}

/** Where the signer approval page lives on the API origin (the stand-in's deep links). */
export const FARCASTER_SIGNER_PAGE_PATH = '/dev/farcaster/signer';

const signerApproveRequest = z.object({
  token: z.string().min(8).max(256),
  fid: z.number().int().positive(),
});

/**
 * The signer approval page of the signed key request stand-in (`./keyRequests.ts`): the deep
 * link `GET /dev/farcaster/signer?token=..` asks to approve as an fid (the development account's
 * by default), and `POST /dev/farcaster/signer/approve` `{token, fid}` approves as that fid (the
 * key is added on the Key Registry stand-in), as the user does in the Farcaster app. Tests post
 * the approval directly.
 */
export function farcasterSignerStandInRoutes(keyRequests: KeyRequestStandIn, rpcUrl: string): Hono {
  const app = new Hono();
  const account = privateKeyToAccount(DEV_FARCASTER_CUSTODY_KEY);
  app.get(FARCASTER_SIGNER_PAGE_PATH, async (c) => {
    const token = c.req.query('token') ?? '';
    const request = keyRequests.request(token);
    c.header('content-security-policy', PAGE_CSP);
    if (!request) return c.html('<p>This signer request was not found.</p>', 404);
    await installIdRegistryStandIn(rpcUrl);
    const fid = await registerFid(rpcUrl, account.address);
    return c.html(
      approvalPage({
        title: 'Farcaster signer (development stand-in)',
        questionHtml: `The app with fid <strong>${request.requestFid}</strong> asks to act for your Farcaster account.`,
        field: { key: 'fid', label: 'Your fid', value: String(fid), numeric: true },
        approveUrl: `${FARCASTER_SIGNER_PAGE_PATH}/approve`,
        fixed: { token },
        doneText: 'Signer approved. Go back to the app.',
      }),
    );
  });
  app.post(`${FARCASTER_SIGNER_PAGE_PATH}/approve`, async (c) => {
    const parsed = signerApproveRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.text('Bad request', 400);
    if (!keyRequests.request(parsed.data.token)) return c.text('Not found', 404);
    await keyRequests.approve(parsed.data.token, parsed.data.fid);
    return c.json({ ok: true });
  });
  return app;
}
