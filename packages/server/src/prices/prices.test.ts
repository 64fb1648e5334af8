/**
 * Token prices in USD (issue 20): `GET /api/v1/token_price` with the Chainlink source reading a
 * real AggregatorV3-compatible contract deployed on anvil (its committed bytecode checked against
 * the Solidity source), the staleness and decimals checks, 'Unsupported chain: {id}', bad input,
 * the HTTP (CoinGecko-shaped) source against a local peer, and the cache: 100 concurrent requests
 * cost one upstream call.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_ID_HEADER } from '@latchkey/api';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type TestAnvil } from '../../../../test-support/anvil.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { testClock, testDatabase, testServer, type TestServer } from '../test-utils.ts';
import { cachedPriceSource } from './cache.ts';
import { chainlinkPriceSource } from './chainlink.ts';
import {
  AGGREGATOR_STAND_IN_BYTECODE,
  AGGREGATOR_STAND_IN_SOLC_SETTINGS,
  aggregatorStandInAbi,
  deployAggregatorStandIn,
  postAggregatorAnswer,
} from './dev/aggregatorStandIn.ts';
import { httpPriceSource } from './http.ts';
import { TOKEN_PRICE_ROUTE } from '@latchkey/api';
import type { PriceSource } from './source.ts';

const ORIGIN = 'https://app.example.com';
/** $3012.34567891 with Chainlink's 8 decimals. */
const ETH_ANSWER = 301_234_567_891n;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
  >;
}

/** Counts `usdPrice` calls of `source` (the upstream calls behind the cache). */
function counted(source: PriceSource): PriceSource & { calls: number } {
  const spy = {
    calls: 0,
    name: source.name,
    supportsChain: (id: number) => source.supportsChain(id),
    usdPrice: (id: number, symbol: string) => {
      spy.calls++;
      return source.usdPrice(id, symbol);
    },
  };
  return spy;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('AggregatorV3StandIn.sol', () => {
  it('compiles to AGGREGATOR_STAND_IN_BYTECODE and aggregatorStandInAbi', async () => {
    const source = await readFile(
      new URL('./dev/AggregatorV3StandIn.sol', import.meta.url),
      'utf8',
    );
    const input = {
      language: 'Solidity',
      sources: { 'AggregatorV3StandIn.sol': { content: source } },
      settings: {
        ...AGGREGATOR_STAND_IN_SOLC_SETTINGS,
        outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
      },
    };
    expect(solc.version()).toMatch(/^0\.8\.37\+/);
    const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
    expect((output.errors ?? []).filter((e) => e.severity === 'error')).toEqual([]);
    const contract = output.contracts?.['AggregatorV3StandIn.sol']?.['AggregatorV3StandIn'];
    expect(`0x${contract!.evm.bytecode.object}`).toBe(AGGREGATOR_STAND_IN_BYTECODE);
    expect(contract!.abi).toEqual(aggregatorStandInAbi);
  });
});

describe('the Chainlink source on anvil', () => {
  let anvil: TestAnvil | undefined;
  let database: Database;
  let server: TestServer;
  let appId: string;
  let feed: `0x${string}`;
  let usdcFeed: `0x${string}`;
  let upstream: PriceSource & { calls: number };

  const ask = (query: string) =>
    server.app.request(`${TOKEN_PRICE_ROUTE}?${query}`, {
      headers: { [APP_ID_HEADER]: appId, origin: ORIGIN },
    });
  const source = (options: { maxAgeS?: number; decimals?: number } = {}) =>
    chainlinkPriceSource({
      chains: {
        31337: {
          rpcUrl: anvil!.rpcUrl,
          feeds: { ETH: { address: feed, decimals: 8, ...options }, USDC: usdcFeed },
        },
      },
    });

  beforeAll(async () => {
    anvil = await startAnvil();
    feed = await deployAggregatorStandIn(anvil.rpcUrl, { answer: ETH_ANSWER });
    usdcFeed = await deployAggregatorStandIn(anvil.rpcUrl, {
      answer: 99_990_000n,
      description: 'USDC / USD',
    });
    database = await testDatabase();
    upstream = counted(source());
    server = testServer(database, { server: { prices: { source: upstream, cacheTtlMs: 60_000 } } });
    appId = (await server.createApp({ allowedOrigins: [ORIGIN] })).id;
  });
  afterAll(async () => {
    await anvil?.stop();
    await database?.close();
  });

  it('answers {usd} from latestRoundData scaled by decimals, symbol in any case', async () => {
    const res = await ask('chainId=31337&tokenSymbol=eth');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usd: 3012.34567891 });
    expect(await (await ask('chainId=31337&tokenSymbol=USDC')).json()).toEqual({ usd: 0.9999 });
  });

  it('collapses 100 concurrent requests into 1 upstream call, then serves from the cache', async () => {
    await postAggregatorAnswer(anvil!.rpcUrl, usdcFeed, 100_010_000n);
    const before = upstream.calls;
    // USDC is cached from the test above; a fresh key: ask by a server with an empty cache.
    const fresh = counted(source());
    const other = testServer(database, { server: { prices: { source: fresh } } });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        other.app.request(`${TOKEN_PRICE_ROUTE}?chainId=31337&tokenSymbol=usdc`, {
          headers: { [APP_ID_HEADER]: appId },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(new Set(['{"usd":1.0001}']));
    expect(fresh.calls).toBe(1);
    // And later askers are served from memory.
    await other.app.request(`${TOKEN_PRICE_ROUTE}?chainId=31337&tokenSymbol=USDC`, {
      headers: { [APP_ID_HEADER]: appId },
    });
    expect(fresh.calls).toBe(1);
    expect(upstream.calls).toBe(before);
  });

  it('refuses a stale round and accepts a fresh one again', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    await postAggregatorAnswer(anvil!.rpcUrl, feed, 290_000_000_000n, nowS - 2 * 3600);
    const error = await refusal(source({ maxAgeS: 3600 }).usdPrice(31337, 'ETH'));
    expect(error.code).toBe('token_price_unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(
      /^Unable to fetch token price on chain 31337: the ETH feed round is stale \(updated 7\d{3} s ago, at most 3600 s allowed\)$/,
    );
    // Through the route (a server without cache) it is a 503 with the stable code.
    const uncached = testServer(database, {
      server: { prices: { source: source({ maxAgeS: 3600 }), cacheTtlMs: 0 } },
    });
    const res = await uncached.app.request(`${TOKEN_PRICE_ROUTE}?chainId=31337&tokenSymbol=ETH`, {
      headers: { [APP_ID_HEADER]: appId },
    });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('token_price_unavailable');

    await postAggregatorAnswer(anvil!.rpcUrl, feed, 295_000_000_000n);
    expect(await source({ maxAgeS: 3600 }).usdPrice(31337, 'ETH')).toBe(2950);
  });

  it('refuses a feed whose decimals differ from its configuration, and a non-positive answer', async () => {
    const wrong = await refusal(source({ decimals: 18 }).usdPrice(31337, 'ETH'));
    expect(wrong.code).toBe('token_price_unavailable');
    expect(wrong.message).toMatch(/reports 8 decimals, expected 18/);

    await postAggregatorAnswer(anvil!.rpcUrl, feed, 0n);
    const zero = await refusal(source().usdPrice(31337, 'ETH'));
    expect(zero.message).toMatch(/answer is not positive \(0\)/);
    await postAggregatorAnswer(anvil!.rpcUrl, feed, ETH_ANSWER);
  });

  it('refuses an unconfigured chain with unsupported_chain "Unsupported chain: {id}"', async () => {
    const res = await ask('chainId=8453&tokenSymbol=ETH');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Unsupported chain: 8453',
      code: 'unsupported_chain',
    });
  });

  it('refuses a symbol without a feed, and an unreachable RPC, with token_price_unavailable', async () => {
    const res = await ask('chainId=31337&tokenSymbol=DOGE');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'Unable to fetch token price on chain 31337: no Chainlink USD feed for DOGE',
      code: 'token_price_unavailable',
    });
    const down = chainlinkPriceSource({
      chains: { 31337: { rpcUrl: 'http://127.0.0.1:9', feeds: { ETH: feed } } },
    });
    expect((await refusal(down.usdPrice(31337, 'ETH'))).code).toBe('token_price_unavailable');
  });

  it('refuses bad input with invalid_data', async () => {
    for (const query of [
      'tokenSymbol=ETH',
      'chainId=abc&tokenSymbol=ETH',
      'chainId=0&tokenSymbol=ETH',
      'chainId=-1&tokenSymbol=ETH',
      'chainId=1.5&tokenSymbol=ETH',
      'chainId=99999999999999999&tokenSymbol=ETH',
      'chainId=1',
      'chainId=1&tokenSymbol=E%20TH',
      `chainId=1&tokenSymbol=${'X'.repeat(21)}`,
    ]) {
      const res = await ask(query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).code, query).toBe('invalid_data');
    }
    const noApp = await server.app.request(`${TOKEN_PRICE_ROUTE}?chainId=31337&tokenSymbol=ETH`);
    expect(noApp.status).toBe(400);
  });
});

describe('the HTTP (CoinGecko simple-price) source and the cache', () => {
  let peer: Server;
  let peerUrl: string;
  const requests: { url: string; key: string | undefined }[] = [];
  let price = 3100.5;

  beforeAll(async () => {
    peer = createServer((req, res) => {
      requests.push({ url: req.url ?? '', key: req.headers['x-cg-demo-api-key'] as string });
      const url = new URL(req.url ?? '/', 'http://peer');
      // Answers a little later, so concurrent askers overlap.
      setTimeout(() => {
        if (url.pathname !== '/api/v3/simple/price') {
          res.writeHead(404).end();
          return;
        }
        const ids = (url.searchParams.get('ids') ?? '').split(',');
        const body = Object.fromEntries(
          ids.filter((id) => id === 'ethereum').map((id) => [id, { usd: price }]),
        );
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }, 50);
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/api/v3`;
  });
  afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

  it('100 concurrent askers cost one upstream request; the TTL then expires', async () => {
    const clock = testClock();
    const source = cachedPriceSource(
      httpPriceSource({
        url: peerUrl,
        apiKey: 'cg-demo-key',
        coins: { 31337: { ETH: 'ethereum' } },
      }),
      { ttlMs: 10_000, now: clock },
    );
    requests.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => source.usdPrice(31337, 'ETH')),
    );
    expect(answers).toEqual(Array(100).fill(3100.5));
    expect(requests).toEqual([
      { url: '/api/v3/simple/price?ids=ethereum&vs_currencies=usd', key: 'cg-demo-key' },
    ]);

    price = 3200;
    clock.advance(9_999);
    expect(await source.usdPrice(31337, 'ETH')).toBe(3100.5);
    expect(requests).toHaveLength(1);
    clock.advance(2);
    expect(await source.usdPrice(31337, 'ETH')).toBe(3200);
    expect(requests).toHaveLength(2);
  });

  it('shares a failure among concurrent askers without keeping it', async () => {
    const flaky = counted({
      name: 'flaky',
      supportsChain: () => true,
      usdPrice: async () => {
        await new Promise((r) => setTimeout(r, 20));
        throw new ApiError('token_price_unavailable', 'down');
      },
    });
    const source = cachedPriceSource(flaky);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => source.usdPrice(1, 'ETH')),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(flaky.calls).toBe(1);
    await source.usdPrice(1, 'ETH').catch(() => {});
    expect(flaky.calls).toBe(2);
  });

  it('knows Ethereum by default, refuses other chains and symbols without a coin id', async () => {
    const source = httpPriceSource({ url: peerUrl });
    expect(source.supportsChain(1)).toBe(true);
    expect((await refusal(source.usdPrice(31337, 'ETH'))).message).toBe('Unsupported chain: 31337');
    const noCoin = await refusal(source.usdPrice(1, 'DOGE'));
    expect(noCoin.code).toBe('token_price_unavailable');
    const missing = await refusal(source.usdPrice(1, 'USDC'));
    expect(missing.message).toMatch(/has no USD price for USDC/);
  });
});
