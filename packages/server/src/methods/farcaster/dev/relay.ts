/**
 * A development stand-in for Farcaster's Connect relay (FIP-11; issue 16): the public relay
 * (`https://relay.farcaster.xyz`) cannot be reached from a development machine or CI, so `npm
 * start` and the tests run this one, which speaks the relay's documented protocol
 * (https://github.com/farcasterxyz/relay):
 * - `POST /v1/channel` `{siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?}` ->
 *   201 `{channelToken, url, connectUri, nonce}`; `url` is the connect URI the Farcaster app
 *   opens, `<connectBase>?channelToken=..&nonce=..&siweUri=..&domain=..` (the parameters the app
 *   builds its message from).
 * - `GET /v1/channel/status` (`Authorization: Bearer <channelToken>`) -> 202 `{state: 'pending',
 *   nonce}` or, once the app answered, 200 `{state: 'completed', nonce, message, signature, fid,
 *   username, displayName, bio, pfpUrl, custody?}`, after which the channel is closed (as the
 *   real relay does); 401 for an unknown channel.
 * - `POST /v1/channel/authenticate` (`Authorization: Bearer <channelToken>`,
 *   `X-Farcaster-Auth-Relay-Key: <authKey>`) `{message, signature, fid, username, displayName,
 *   bio, pfpUrl}` -> 201 with the channel: the Farcaster app's answer. 401 without the key (only
 *   the Farcaster app may answer) or for an unknown channel.
 *
 * Channels live in memory for {@link RELAY_CHANNEL_TTL_MS} (one process: development and tests
 * only). The relay checks nothing of the message: the server that opened the channel verifies it.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';

/** How long (ms) a stand-in channel lives, as the relay's one hour. */
export const RELAY_CHANNEL_TTL_MS = 3_600_000;

/** The relay key of the development Farcaster app (`X-Farcaster-Auth-Relay-Key`). */
export const DEV_RELAY_AUTH_KEY = 'latchkey-dev-farcaster-relay-key';

/** The parameters a channel was opened with: what the Farcaster app signs. */
export interface RelayChannelParams {
  siweUri: string;
  domain: string;
  nonce: string;
  notBefore?: string | undefined;
  expirationTime?: string | undefined;
  requestId?: string | undefined;
}

/** A stand-in channel's state. */
export interface RelayChannel {
  state: 'pending' | 'completed';
  params: RelayChannelParams;
  url: string;
  expiresAtMs: number;
  answer?: {
    message: string;
    signature: string;
    fid: number;
    username: string;
    displayName: string;
    bio: string;
    pfpUrl: string;
    custody?: string | undefined;
  };
}

/** Options of {@link createRelayStandIn}. */
export interface RelayStandInOptions {
  /** The base of connect URIs (the page the Farcaster app answers from). */
  connectBase: string;
  /** The key the Farcaster app must send. Default {@link DEV_RELAY_AUTH_KEY}. */
  authKey?: string;
  /** The fid's custody address, when known (the relay reads it from a hub). */
  custodyOf?: (fid: number) => Promise<string | undefined>;
  /** Clock in ms. Default `Date.now`. */
  now?: () => number;
}

/** A running stand-in: its Hono app (mount it at the relay's base) and its channels. */
export interface RelayStandIn {
  app: Hono;
  /** The live channel of `channelToken`, if any. */
  channel(channelToken: string): RelayChannel | undefined;
}

const createRequest = z.object({
  siweUri: z.string().url().max(2048),
  domain: z.string().min(1).max(253),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,128}$/)
    .optional(),
  notBefore: z.string().max(64).optional(),
  expirationTime: z.string().max(64).optional(),
  requestId: z.string().max(256).optional(),
  redirectUrl: z.string().url().max(2048).optional(),
});

const authenticateRequest = z.object({
  message: z.string().min(1).max(8192),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  fid: z.number().int().positive(),
  username: z.string().max(64).default(''),
  displayName: z.string().max(256).default(''),
  bio: z.string().max(1024).default(''),
  pfpUrl: z.string().max(2048).default(''),
});

/** Builds the relay stand-in (see the module comment for its protocol). */
export function createRelayStandIn(options: RelayStandInOptions): RelayStandIn {
  const now = options.now ?? Date.now;
  const authKey = options.authKey ?? DEV_RELAY_AUTH_KEY;
  const channels = new Map<string, RelayChannel>();
  const live = (token: string | undefined) => {
    if (!token) return undefined;
    const channel = channels.get(token);
    if (channel && channel.expiresAtMs <= now()) {
      channels.delete(token);
      return undefined;
    }
    return channel;
  };
  const bearer = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? '')?.[1];

  const app = new Hono();
  app.post('/v1/channel', async (c) => {
    const parsed = createRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json({ error: 'Validation error', message: parsed.error.message }, 400);
    }
    const channelToken = randomUUID();
    const { redirectUrl: _redirect, ...rest } = parsed.data;
    const nonce = rest.nonce ?? randomUUID().replace(/-/g, '');
    const params: RelayChannelParams = { ...rest, nonce };
    const query = new URLSearchParams({ channelToken });
    for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
    const url = `${options.connectBase}?${query.toString()}`;
    channels.set(channelToken, {
      state: 'pending',
      params,
      url,
      expiresAtMs: now() + RELAY_CHANNEL_TTL_MS,
    });
    return c.json({ channelToken, url, connectUri: url, nonce }, 201);
  });

  app.get('/v1/channel/status', (c) => {
    const token = bearer(c.req.header('authorization'));
    const channel = live(token);
    if (!token || !channel) return c.json({ error: 'Unauthorized' }, 401);
    if (channel.state !== 'completed' || !channel.answer) {
      return c.json({ state: 'pending', nonce: channel.params.nonce }, 202);
    }
    channels.delete(token);
    return c.json({ state: 'completed', nonce: channel.params.nonce, ...channel.answer }, 200);
  });

  app.post('/v1/channel/authenticate', async (c) => {
    if (c.req.header('x-farcaster-auth-relay-key') !== authKey) {
      return c.json({ error: 'Unauthorized' }, 401);
    }
    const token = bearer(c.req.header('authorization'));
    const channel = live(token);
    if (!channel) return c.json({ error: 'Unauthorized' }, 401);
    const parsed = authenticateRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json({ error: 'Validation error', message: parsed.error.message }, 400);
    }
    const custody = await options.custodyOf?.(parsed.data.fid).catch(() => undefined);
    channel.state = 'completed';
    channel.answer = { ...parsed.data, ...(custody ? { custody } : {}) };
    return c.json({ state: channel.state, nonce: channel.params.nonce, ...channel.answer }, 201);
  });

  return { app, channel: live };
}
