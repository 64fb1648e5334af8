/**
 * `GET /api/v1/token_price?chainId=&tokenSymbol=` (issue 20; spec section 7): the USD price of a
 * chain's token, for the send screen's dollar amounts (spec section 9: the client rounds them).
 *
 * Request: header `latchkey-app-id` (an app's origin only, as every app route); query `chainId`
 * (decimal EIP-155 id, a positive integer) and `tokenSymbol` (1-20 of `A-Z a-z 0-9 . -`, matched
 * upper-cased). No bearer token (the spec sends none).
 *
 * Answer 200 `{usd: number}`: dollars per whole token, > 0, from the server's price source behind
 * its cache (`cache.ts`: a few seconds per chain and symbol, one upstream call for concurrent
 * askers).
 *
 * Errors: `invalid_data` (400) for a missing or malformed `chainId` or `tokenSymbol`;
 * `unsupported_chain` (400) 'Unsupported chain: {id}' for a chain the source has no
 * configuration for (spec section 5); `token_price_unavailable` (503) when the price cannot be
 * had; the `requireApp` errors.
 */
import { TOKEN_PRICE_ROUTE, type TokenPriceResponse } from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import type { PriceSource } from './source.ts';

const CHAIN_ID = /^[1-9][0-9]{0,15}$/;
const SYMBOL = /^[A-Za-z0-9.-]{1,20}$/;

/**
 * Parses the query of {@link TOKEN_PRICE_ROUTE}.
 * @returns the chain id and the upper-cased symbol.
 * @throws ApiError `invalid_data` (400) naming the bad parameter in `issues`.
 */
export function parseTokenPriceQuery(query: {
  chainId?: string | undefined;
  tokenSymbol?: string | undefined;
}): { chainId: number; symbol: string } {
  const issues: { path: string; message: string }[] = [];
  const chainId = Number(query.chainId);
  if (!query.chainId || !CHAIN_ID.test(query.chainId) || !Number.isSafeInteger(chainId)) {
    issues.push({ path: 'chainId', message: 'chainId must be a positive integer chain id' });
  }
  if (!query.tokenSymbol || !SYMBOL.test(query.tokenSymbol)) {
    issues.push({
      path: 'tokenSymbol',
      message: 'tokenSymbol must be 1-20 letters, digits, dots or dashes',
    });
  }
  if (issues.length > 0) {
    throw new ApiError('invalid_data', issues.map((i) => i.message).join('; '), { issues });
  }
  return { chainId, symbol: query.tokenSymbol!.toUpperCase() };
}

/**
 * The token price route as a Hono app, mounted by `createServer`.
 * @param source the cached price source (`cachedPriceSource(...)`).
 */
export function tokenPriceRoutes(ctx: ServerContext, source: PriceSource): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(TOKEN_PRICE_ROUTE, requireApp({ db: ctx.db, apps: ctx.apps }), async (c) => {
    const { chainId, symbol } = parseTokenPriceQuery({
      chainId: c.req.query('chainId'),
      tokenSymbol: c.req.query('tokenSymbol'),
    });
    const body: TokenPriceResponse = { usd: await source.usdPrice(chainId, symbol) };
    return c.json(body);
  });
  return r;
}
