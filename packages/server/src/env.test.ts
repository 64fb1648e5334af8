/**
 * The environment parsing the server, the CLI and the dev tools share (issue 11): names,
 * defaults and errors.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEV_ORIGIN,
  DEFAULT_DEV_PROVIDER_ORIGIN,
  DEFAULT_PORT,
  DEV_APP_ID,
  dataDirOf,
  devAppIdOf,
  EnvError,
  parseServerEnv,
  SECRET_REQUIRED_WITH_DATABASE_URL,
} from './env.ts';

const SECRET = 'x'.repeat(32);
const DEV = { LATCHKEY_DEV: '1' };

describe('parseServerEnv', () => {
  it('takes the documented defaults in development', () => {
    const config = parseServerEnv(DEV);
    expect(config).toMatchObject({
      dev: true,
      port: DEFAULT_PORT,
      publicUrl: `http://localhost:${DEFAULT_PORT}`,
      dataDir: resolve('.latchkey'),
      secret: undefined,
      smtp: undefined,
      twilio: undefined,
      chain: undefined,
      devApp: {
        id: DEV_APP_ID,
        origins: [DEFAULT_DEV_ORIGIN],
        providerOrigins: [DEFAULT_DEV_PROVIDER_ORIGIN],
        oidcIssuer: undefined,
      },
    });
    expect(DEV_APP_ID).toHaveLength(25);
  });

  it('reads every variable it is given', () => {
    const config = parseServerEnv({
      PORT: '9000',
      PUBLIC_URL: 'https://id.example.com',
      LATCHKEY_SECRET: SECRET,
      SMTP_URL: 'smtp://mail',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+15550001111',
      LATCHKEY_RATE_LIMITS: '{"initPerIp":{"limit":5}}',
      LATCHKEY_REFRESH_REUSE_INTERVAL_S: ' 0 ',
      LATCHKEY_TRUST_PROXY: '1',
      LATCHKEY_RPC_URL: 'http://127.0.0.1:8545',
      LATCHKEY_CHAIN_ID: '10',
      LATCHKEY_DEV_ORIGINS: 'https://a.com, ,https://b.com',
      LATCHKEY_DEV_PROVIDER_ORIGINS: ' https://wallet.example ',
      LATCHKEY_DEV_APP_ID: 'b'.repeat(25),
      LATCHKEY_WALLET_KEY_IDLE_MS: '15000',
      LATCHKEY_DB_POOL_MAX: '32',
    });
    expect(config).toMatchObject({
      dev: false,
      port: 9000,
      publicUrl: 'https://id.example.com',
      secret: SECRET,
      smtp: { url: 'smtp://mail', from: 'Latchkey <login@localhost>' },
      twilio: { accountSid: 'AC1', authToken: 't', from: '+15550001111', baseUrl: undefined },
      rateLimits: { initPerIp: { limit: 5 } },
      refreshReuseIntervalS: 0,
      trustProxy: '1',
      chain: { rpcUrl: 'http://127.0.0.1:8545', chainId: 10 },
      devApp: {
        id: 'b'.repeat(25),
        origins: ['https://a.com', 'https://b.com'],
        providerOrigins: ['https://wallet.example'],
      },
      walletKeyIdleMs: 15_000,
      dbPoolMax: 32,
    });
    expect(parseServerEnv({ ...DEV, LATCHKEY_WALLET_KEY_IDLE_MS: '0' }).walletKeyIdleMs).toBe(0);
    expect(parseServerEnv(DEV).walletKeyIdleMs).toBeUndefined();
  });

  it.each([
    [{ ...DEV, PORT: '70000' }, 'PORT is not a port: 70000'],
    [{}, /no way to deliver login codes\. Set SMTP_URL/],
    [{ SMTP_URL: 'smtp://mail' }, 'LATCHKEY_SECRET is required (at least 32 characters).'],
    [{ ...DEV, DATABASE_URL: 'postgres://db/x' }, SECRET_REQUIRED_WITH_DATABASE_URL],
    [{ ...DEV, LATCHKEY_SECRET: 'short' }, 'LATCHKEY_SECRET must be at least 32 characters.'],
    [{ ...DEV, LATCHKEY_RATE_LIMITS: '{' }, 'LATCHKEY_RATE_LIMITS is not valid JSON.'],
    [
      { ...DEV, LATCHKEY_REFRESH_REUSE_INTERVAL_S: '301' },
      'LATCHKEY_REFRESH_REUSE_INTERVAL_S must be 0-300 seconds: 301',
    ],
    [{ ...DEV, LATCHKEY_RPC_URL: 'nope' }, 'LATCHKEY_RPC_URL is not a URL: nope'],
    [{ ...DEV, LATCHKEY_DB_POOL_MAX: '0' }, 'LATCHKEY_DB_POOL_MAX must be a positive integer: 0'],
    [
      { ...DEV, LATCHKEY_WALLET_KEY_IDLE_MS: '-1' },
      'LATCHKEY_WALLET_KEY_IDLE_MS must be an integer of ms >= 0: -1',
    ],
    [
      { ...DEV, LATCHKEY_RPC_URL: 'http://x', LATCHKEY_CHAIN_ID: '0' },
      'LATCHKEY_CHAIN_ID is not a chain id: 0',
    ],
    [
      { ...DEV, TWILIO_ACCOUNT_SID: 'AC1' },
      'TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM.',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => parseServerEnv(env)).toThrow(EnvError);
    expect(() => parseServerEnv(env)).toThrow(message);
  });
});

describe('shared helpers', () => {
  it('reads the Farcaster relay and RPC URLs, and refuses what is not an http(s) URL', () => {
    expect(parseServerEnv(DEV).farcaster).toEqual({
      relayUrl: undefined,
      rpcUrl: undefined,
    });
    const config = parseServerEnv({
      ...DEV,
      LATCHKEY_FARCASTER_RELAY_URL: ' https://relay.example/ ',
      LATCHKEY_FARCASTER_RPC_URL: 'https://op.example/v2/key',
    });
    expect(config.farcaster).toEqual({
      relayUrl: 'https://relay.example',
      rpcUrl: 'https://op.example/v2/key',
    });
    expect(() => parseServerEnv({ ...DEV, LATCHKEY_FARCASTER_RPC_URL: 'op mainnet' })).toThrow(
      EnvError,
    );
    expect(() => parseServerEnv({ ...DEV, LATCHKEY_FARCASTER_RELAY_URL: 'ftp://relay' })).toThrow(
      /LATCHKEY_FARCASTER_RELAY_URL must be an http\(s\) URL/,
    );
  });

  it('resolves the data folder against the working directory or a given base', () => {
    expect(dataDirOf({})).toBe(resolve('.latchkey'));
    expect(dataDirOf({ LATCHKEY_DATA_DIR: 'data' }, '/repo')).toBe('/repo/data');
    expect(dataDirOf({ LATCHKEY_DATA_DIR: '/abs' }, '/repo')).toBe('/abs');
    expect(devAppIdOf({})).toBe(DEV_APP_ID);
  });
});
