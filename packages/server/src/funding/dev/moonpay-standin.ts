/**
 * A local stand-in for MoonPay (issue 20), for tests and the demo: a `node:http` server that
 * speaks the part of MoonPay's documented REST API the server uses, plus a bare buy widget page
 * and control calls that move a purchase through MoonPay's statuses. Development and test only.
 *
 * MoonPay's shapes (https://dev.moonpay.com/reference/getbuytransactionbyexternalid):
 * - `GET /v1/transactions/ext/{externalTransactionId}?apiKey=<publishable key>` -> 200 an ARRAY of
 *   buy transactions (`{id, status, paymentMethod, cardPaymentType, currency: {code, ...},
 *   baseCurrency, baseCurrencyAmount, quoteCurrencyAmount, feeAmount, extraFeeAmount,
 *   networkFeeAmount, walletAddress, externalTransactionId, createdAt, updatedAt, ...}`), `status`
 *   one of `waitingPayment`, `pending`, `waitingAuthorization`, `failed`, `completed`;
 *   404 `{message: 'Transaction not found', type: 'NotFoundError'}` when none;
 *   401 `{message: 'Invalid API key', type: 'UnauthorizedError'}` without a known `pk_` key.
 *
 * The stand-in's own calls:
 * - `GET /?apiKey=...&walletAddress=...&externalTransactionId=...&signature=...`: the buy widget.
 *   It checks the signature (when it knows the key's secret), files a `waitingPayment`
 *   transaction under the id, and shows a page whose buttons move it to each status.
 * - `PUT /_standin/transactions/{id}` JSON `{status, ...fields}`: creates or updates a
 *   transaction (fields as MoonPay names them); `GET` the same path reads it.
 * - `POST /_standin/transactions/{id}/status` form `status=<status>`: the widget page's buttons
 *   (answers 303 back to the page).
 * - `POST /_standin/fail` JSON `{count, status?}`: the next `count` API calls answer `status`
 *   (default 500), to exercise the client's "3 failures then serviceFailure".
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MOONPAY_TRANSACTION_STATUSES, type MoonPayTransaction } from '../moonpay.ts';

/**
 * The MoonPay sandbox keys of the dev stack (`npm start`): the dev app holds them (`dev/seed.ts`)
 * and the stand-in started beside it knows them, so it checks the widget URL's signature. Not
 * secrets: they open nothing but the local stand-in.
 */
export const DEV_MOONPAY_KEYS = {
  publishable_key: 'pk_test_latchkeydevstandin0000',
  secret_key: 'sk_test_latchkeydevstandin0000',
} as const;

/** A MoonPay buy status. */
export type MoonPayStandInStatus = (typeof MOONPAY_TRANSACTION_STATUSES)[number];

/** A transaction the stand-in holds (MoonPay's field names). */
export type MoonPayStandInTransaction = MoonPayTransaction & {
  id: string;
  status: MoonPayStandInStatus;
  externalTransactionId: string;
  createdAt: string;
  updatedAt: string;
};

/** Options of {@link startMoonPayStandIn}. */
export interface MoonPayStandInOptions {
  /** Port on 127.0.0.1. Default 0 (a free one). */
  port?: number;
  /** Host to listen on. Default `127.0.0.1`. */
  host?: string;
  /**
   * Known keys: publishable key -> secret key. When given, the API refuses other publishable
   * keys (401) and the widget page checks signatures. Default: any `pk_` key, no check.
   */
  keys?: Record<string, string>;
}

/** A running stand-in. */
export interface MoonPayStandIn {
  /** `http://127.0.0.1:<port>`: the API base (`moonpay.apiUrl`) and the widget (`widgetUrls`). */
  readonly url: string;
  /** Creates or updates the transaction filed under `externalTransactionId`. */
  setTransaction(
    externalTransactionId: string,
    fields: Partial<MoonPayTransaction> & { status: MoonPayStandInStatus },
  ): MoonPayStandInTransaction;
  /** The transaction filed under `externalTransactionId`, if any. */
  transaction(externalTransactionId: string): MoonPayStandInTransaction | undefined;
  /** The next `count` API calls answer HTTP `status` (default 500). */
  failNext(count: number, status?: number): void;
  /** API calls (`/v1/...`) answered so far, in order: path and query as received. */
  readonly apiCalls: readonly string[];
  /** Stops the server. */
  close(): Promise<void>;
}

const isStatus = (value: unknown): value is MoonPayStandInStatus =>
  (MOONPAY_TRANSACTION_STATUSES as readonly unknown[]).includes(value);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 65_536) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * MoonPay's URL signature check (HMAC-SHA256 of the query before `signature`, base64), done with
 * node:crypto as a MoonPay widget would, so a wrong signature shows on the page.
 */
function signatureValid(url: URL, secretKey: string): boolean {
  const signature = url.searchParams.get('signature');
  if (!signature) return false;
  const unsigned = new URL(url.href);
  unsigned.searchParams.delete('signature');
  const expected = createHmac('sha256', secretKey).update(unsigned.search).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Starts the stand-in (see the module header).
 * @returns the running stand-in once it listens.
 * @throws Error when the port cannot be bound.
 */
export async function startMoonPayStandIn(
  options: MoonPayStandInOptions = {},
): Promise<MoonPayStandIn> {
  const transactions = new Map<string, MoonPayStandInTransaction>();
  const apiCalls: string[] = [];
  let failures = { count: 0, status: 500 };

  const setTransaction: MoonPayStandIn['setTransaction'] = (externalTransactionId, fields) => {
    const now = new Date().toISOString();
    const existing = transactions.get(externalTransactionId);
    const next: MoonPayStandInTransaction = {
      id: randomUUID(),
      createdAt: now,
      paymentMethod: 'credit_debit_card',
      cardPaymentType: 'debit',
      currency: { code: 'eth' },
      baseCurrencyAmount: 50,
      quoteCurrencyAmount: 0.0155,
      feeAmount: 3.99,
      extraFeeAmount: 0,
      networkFeeAmount: 0.5,
      walletAddress: null,
      ...existing,
      ...fields,
      externalTransactionId,
      updatedAt: now,
    };
    transactions.set(externalTransactionId, next);
    return next;
  };

  const knownKey = (apiKey: string | null) =>
    apiKey !== null &&
    (options.keys ? Object.hasOwn(options.keys, apiKey) : apiKey.startsWith('pk_'));

  const widgetPage = (url: URL): string => {
    const apiKey = url.searchParams.get('apiKey');
    const id = url.searchParams.get('externalTransactionId') ?? '';
    const secret = apiKey && options.keys?.[apiKey];
    const check =
      secret === undefined || secret === null || secret === ''
        ? 'not checked (unknown key)'
        : signatureValid(url, secret)
          ? 'valid'
          : 'INVALID';
    const rows = [...url.searchParams.entries()]
      .filter(([k]) => k !== 'signature')
      .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('');
    const tx = transactions.get(id);
    const buttons = MOONPAY_TRANSACTION_STATUSES.map(
      (status) =>
        `<form method="post" action="/_standin/transactions/${encodeURIComponent(id)}/status?back=${encodeURIComponent(url.search)}">` +
        `<input type="hidden" name="status" value="${status}"><button type="submit">${status}</button></form>`,
    ).join('');
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MoonPay stand-in</title></head>` +
      `<body><h1>MoonPay stand-in (buy)</h1><p>Signature: <strong id="signature">${check}</strong></p>` +
      `<table>${rows}</table><p>Status: <strong id="status">${escapeHtml(tx?.status ?? 'none')}</strong></p>` +
      `${buttons}</body></html>`
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in.local');
    const path = url.pathname;
    const ext = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && ext) {
      apiCalls.push(`${path}${url.search}`);
      if (failures.count > 0) {
        failures.count--;
        return send(res, failures.status, { message: 'Stand-in failure', type: 'ServerError' });
      }
      if (!knownKey(url.searchParams.get('apiKey'))) {
        return send(res, 401, { message: 'Invalid API key', type: 'UnauthorizedError' });
      }
      const tx = transactions.get(decodeURIComponent(ext[1]!));
      if (!tx) return send(res, 404, { message: 'Transaction not found', type: 'NotFoundError' });
      return send(res, 200, [tx]);
    }
    const control = /^\/_standin\/transactions\/([^/]+)(\/status)?$/.exec(path);
    if (control) {
      const id = decodeURIComponent(control[1]!);
      if (req.method === 'GET' && !control[2]) {
        const tx = transactions.get(id);
        return tx ? send(res, 200, tx) : send(res, 404, { message: 'Transaction not found' });
      }
      if (req.method === 'PUT' && !control[2]) {
        const fields = JSON.parse(await readText(req)) as Partial<MoonPayTransaction>;
        if (!isStatus(fields.status)) return send(res, 400, { message: 'Unknown status' });
        return send(res, 200, setTransaction(id, { ...fields, status: fields.status }));
      }
      if (req.method === 'POST' && control[2]) {
        const status = new URLSearchParams(await readText(req)).get('status');
        if (!isStatus(status)) return send(res, 400, { message: 'Unknown status' });
        setTransaction(id, { status });
        res.writeHead(303, { location: `/${url.searchParams.get('back') ?? ''}` });
        return res.end();
      }
    }
    if (req.method === 'POST' && path === '/_standin/fail') {
      const body = JSON.parse(await readText(req)) as { count?: unknown; status?: unknown };
      failNext(Number(body.count ?? 1), Number(body.status ?? 500));
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && path === '/') {
      const id = url.searchParams.get('externalTransactionId');
      if (id && !transactions.has(id)) {
        setTransaction(id, {
          status: 'waitingPayment',
          walletAddress: url.searchParams.get('walletAddress'),
          currency: { code: url.searchParams.get('currencyCode') ?? 'eth' },
        });
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(widgetPage(url));
    }
    send(res, 404, { message: 'Not found', type: 'NotFoundError' });
  };

  const failNext = (count: number, status = 500) => {
    failures = { count: Math.max(0, Math.floor(count)), status };
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { message: (error as Error).message });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    setTransaction,
    transaction: (id) => transactions.get(id),
    failNext,
    apiCalls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
