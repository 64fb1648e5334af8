/**
 * A local stand-in of CloudKit Web Services for tests and the dev stack (issue 23 item 4): the
 * part iCloud recovery uses, in the shapes of Apple's CloudKit Web Services Reference
 * ("Composing Web Service Requests", "Accessing CloudKit Using an API Token", "Modifying
 * Records", "Fetching Records Using a Query"):
 *
 * - Paths `{url}/database/1/{container}/{environment}/{database}/{operation}` with
 *   `ckAPIToken` (the container's web API token) and, for user data, `ckWebAuthToken` as query
 *   parameters. A wrong API token answers 401 `AUTHENTICATION_FAILED`.
 * - `users/caller` (GET or POST): without a valid web auth token, 421
 *   `AUTHENTICATION_REQUIRED` with the sign-in `redirectURL`; with one, `{userRecordName}`.
 * - `GET {url}/signin?...`: the sign-in page (any username, as the local OpenID provider); its
 *   form posts to itself and issues a `ckWebAuthToken` for that user, then redirects to the
 *   API token's sign-in callback (`signInCallbackUrl`) with `ckWebAuthToken` in the query, or
 *   posts `{ckWebAuthToken}` to its opener at `signInMessageOrigin` (a pop-up opened by the
 *   page that asked), or shows the token.
 * - `private/records/modify` `{operations: [{operationType, record}], atomic?}`: `create`,
 *   `update` (with `recordChangeTag`), `forceUpdate`, `replace`, `forceReplace`, `delete`,
 *   `forceDelete`; answers `{records}`, a failed operation as `{recordName, reason,
 *   serverErrorCode}` in its place (`CONFLICT`, `NOT_FOUND`).
 * - `private/records/query` `{query: {recordType, filterBy?: [{fieldName, comparator: 'EQUALS',
 *   fieldValue: {value}}]}, resultsLimit?}` and `private/records/lookup` `{records:
 *   [{recordName}]}`: `{records}`.
 *
 * Records live per container, environment and user: one user's private database is invisible
 * to every other. The public database and zones other than `_defaultZone` are not served
 * (400 `BAD_REQUEST`). CORS is open (preflights answer 204).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One container the stand-in serves. */
export interface CloudKitContainer {
  /** `iCloud.`-prefixed id. */
  container: string;
  environment: 'development' | 'production';
  /** The web API token (`ckAPIToken`). */
  apiToken: string;
  /** Where the sign-in page sends the browser with `?ckWebAuthToken=` (the token's callback). */
  signInCallbackUrl?: string;
  /**
   * Without a callback URL: the origin the signed-in page posts `{ckWebAuthToken}` to, in its
   * opener (CloudKit JS's pop-up sign-in; the wallet frame's origin). Neither: the page shows
   * the token.
   */
  signInMessageOrigin?: string;
}

/** Options of {@link startCloudKit}. */
export interface CloudKitOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
  containers: CloudKitContainer[];
}

/** A stored record, as CloudKit answers it. */
export interface CloudKitRecord {
  recordName: string;
  recordType: string;
  recordChangeTag: string;
  fields: Record<string, { value: unknown; type?: string }>;
  created: { timestamp: number; userRecordName: string; deviceID: string };
  modified: { timestamp: number; userRecordName: string; deviceID: string };
}

/** A running stand-in. */
export interface CloudKit {
  /** `http://<host>:<port>`: the base the API's `cloudkit_api_url` setting names. */
  readonly url: string;
  /** Issues a web auth token for `username` in `container` without the page (tests). */
  signIn(container: string, username: string): string;
  /** The `userRecordName` of `username` in `container` (`_` and 32 hex). */
  userRecordName(container: string, username: string): string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

class CloudKitError extends Error {
  constructor(
    readonly status: number,
    readonly serverErrorCode: string,
    reason: string,
    readonly redirectURL?: string,
  ) {
    super(reason);
  }
  body() {
    return {
      uuid: randomUUID(),
      serverErrorCode: this.serverErrorCode,
      reason: this.message,
      ...(this.redirectURL ? { redirectURL: this.redirectURL } : {}),
    };
  }
}

const badRequest = (reason: string) => new CloudKitError(400, 'BAD_REQUEST', reason);

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 1024 * 1024)
      throw new CloudKitError(413, 'LIMIT_EXCEEDED', 'Request too large');
  }
  return body;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(container: string, action: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local iCloud: sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Local iCloud</h1>
<p>Sign in to use <b>${escapeHtml(container)}</b>. Any Apple ID name works.</p>
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<label for="username">Apple ID</label>
<input id="username" name="username" required autofocus pattern="[A-Za-z0-9._@-]{1,64}">
<button type="submit">Sign in</button></form></body></html>`;
}

/**
 * Starts the stand-in; resolves once it listens.
 * @throws what `listen` throws (e.g. EADDRINUSE).
 */
export async function startCloudKit(options: CloudKitOptions): Promise<CloudKit> {
  const host = options.host ?? '127.0.0.1';
  const containers = new Map(options.containers.map((c) => [c.container, c]));
  /** ckWebAuthToken -> (container, userRecordName). */
  const webTokens = new Map<string, { container: string; user: string }>();
  /** `${container}\n${environment}\n${user}` -> records by name. */
  const databases = new Map<string, Map<string, CloudKitRecord>>();
  let base = '';

  const userRecordName = (container: string, username: string) =>
    `_${createHash('sha256').update(`${container}\n${username}`).digest('hex').slice(0, 32)}`;
  const issueToken = (container: string, username: string) => {
    const token = `${randomBytes(24).toString('base64url')}__${randomBytes(8).toString('hex')}`;
    webTokens.set(token, { container, user: userRecordName(container, username) });
    return token;
  };
  const signInUrl = (c: CloudKitContainer) =>
    `${base}/signin?${new URLSearchParams({ container: c.container, environment: c.environment })}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const signIn = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const c = containers.get(url.searchParams.get('container') ?? '');
    if (!c) throw badRequest('Unknown container');
    if (req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; form-action 'self'",
      });
      return res.end(signInPage(c.container, url.pathname + url.search));
    }
    const username = new URLSearchParams(await readBody(req)).get('username')?.trim() ?? '';
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(username)) throw badRequest('Invalid Apple ID');
    const token = issueToken(c.container, username);
    if (c.signInCallbackUrl) {
      const back = new URL(c.signInCallbackUrl);
      back.searchParams.set('ckWebAuthToken', token);
      res.writeHead(303, { location: back.href, 'cache-control': 'no-store' });
      return res.end();
    }
    if (c.signInMessageOrigin) {
      // The token goes to the opener at that origin only (an explicit target, never '*').
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; script-src 'self'",
      });
      const data = escapeHtml(JSON.stringify({ token, origin: c.signInMessageOrigin }));
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title>` +
          `<meta name="ck-result" content="${data}"><script src="/signin/done.js"></script></head>` +
          `<body><p>Signed in. This window closes itself.</p></body></html>`,
      );
    }
    res.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    return res.end(`ckWebAuthToken=${token}`);
  };

  const doneScript = [
    "const m = document.querySelector('meta[name=ck-result]');",
    'const { token, origin } = JSON.parse(m.content);',
    'if (window.opener) window.opener.postMessage({ ckWebAuthToken: token }, origin);',
    'window.close();',
  ].join('\n');

  const operation = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const m =
      /^\/database\/1\/([^/]+)\/(development|production)\/(public|private|shared)\/(.+)$/.exec(
        url.pathname,
      );
    if (!m) throw new CloudKitError(404, 'NOT_FOUND', 'Unknown operation');
    const [, containerId, environment, database, op] = m as unknown as [
      string,
      string,
      'development' | 'production',
      string,
      string,
    ];
    const c = containers.get(decodeURIComponent(containerId));
    if (!c || c.environment !== environment || url.searchParams.get('ckAPIToken') !== c.apiToken) {
      throw new CloudKitError(401, 'AUTHENTICATION_FAILED', 'Authentication failed');
    }
    const web = webTokens.get(url.searchParams.get('ckWebAuthToken') ?? '');
    const session = web?.container === c.container ? web : undefined;
    const requireUser = () => {
      if (!session) {
        throw new CloudKitError(
          421,
          'AUTHENTICATION_REQUIRED',
          'request needs authorization',
          signInUrl(c),
        );
      }
      return session.user;
    };
    if (op === 'users/caller' && (req.method === 'GET' || req.method === 'POST')) {
      return json(res, 200, { userRecordName: requireUser() });
    }
    if (req.method !== 'POST') throw new CloudKitError(405, 'BAD_REQUEST', 'Method not allowed');
    if (database !== 'private') throw badRequest('Only the private database is served here');
    const user = requireUser();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      throw badRequest('Invalid JSON');
    }
    const zone = (body.zoneID as { zoneName?: unknown } | undefined)?.zoneName;
    if (zone !== undefined && zone !== '_defaultZone')
      throw badRequest('Only _defaultZone is served here');
    const key = `${c.container}\n${environment}\n${user}`;
    let records = databases.get(key);
    if (!records) databases.set(key, (records = new Map()));
    if (op === 'records/modify') return json(res, 200, { records: modify(records, user, body) });
    if (op === 'records/query') return json(res, 200, { records: query(records, body) });
    if (op === 'records/lookup') {
      const wanted = Array.isArray(body.records)
        ? (body.records as { recordName?: unknown }[])
        : [];
      return json(res, 200, {
        records: wanted.map((w) => {
          const found = typeof w.recordName === 'string' ? records.get(w.recordName) : undefined;
          return (
            found ?? {
              recordName: w.recordName,
              reason: 'Record not found',
              serverErrorCode: 'NOT_FOUND',
            }
          );
        }),
      });
    }
    throw new CloudKitError(404, 'NOT_FOUND', 'Unknown operation');
  };

  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('vary', 'Origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/signin/done.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(doneScript);
      return;
    }
    const handled = url.pathname === '/signin' ? signIn(req, res, url) : operation(req, res, url);
    handled.catch((error: unknown) => {
      if (res.headersSent) return res.end();
      const failure =
        error instanceof CloudKitError
          ? error
          : new CloudKitError(500, 'INTERNAL_ERROR', 'Internal error');
      json(res, failure.status, failure.body());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: base,
    signIn: issueToken,
    userRecordName,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface RecordInput {
  recordName?: unknown;
  recordType?: unknown;
  recordChangeTag?: unknown;
  fields?: unknown;
}

const OPERATION_TYPES = new Set([
  'create',
  'update',
  'forceUpdate',
  'replace',
  'forceReplace',
  'delete',
  'forceDelete',
]);

/** `records/modify`: each operation's answer in order (`atomic` all-or-nothing). */
function modify(
  records: Map<string, CloudKitRecord>,
  user: string,
  body: Record<string, unknown>,
): unknown[] {
  const operations = Array.isArray(body.operations)
    ? (body.operations as { operationType?: unknown; record?: RecordInput }[])
    : [];
  if (operations.length === 0) throw badRequest('operations is required');
  const next = new Map(records);
  const answers: unknown[] = [];
  let failed = false;
  const now = Date.now();
  const stamp = { timestamp: now, userRecordName: user, deviceID: '1' };
  for (const op of operations) {
    const type = String(op.operationType);
    const input = op.record ?? {};
    if (!OPERATION_TYPES.has(type)) throw badRequest(`Unknown operationType ${type}`);
    const name = typeof input.recordName === 'string' ? input.recordName : undefined;
    const existing = name ? next.get(name) : undefined;
    const fail = (serverErrorCode: string, reason: string) => {
      failed = true;
      answers.push({ recordName: name, reason, serverErrorCode });
    };
    if (type === 'delete' || type === 'forceDelete') {
      if (!existing) fail('NOT_FOUND', 'Record not found');
      else if (type === 'delete' && input.recordChangeTag !== existing.recordChangeTag) {
        fail('CONFLICT', 'record changed since the tag given');
      } else {
        next.delete(existing.recordName);
        answers.push({ recordName: existing.recordName, deleted: true });
      }
      continue;
    }
    if (type === 'create' && existing) {
      fail('CONFLICT', 'record to insert already exists');
      continue;
    }
    if (type !== 'create' && !existing) {
      fail('NOT_FOUND', 'Record not found');
      continue;
    }
    if (
      (type === 'update' || type === 'replace') &&
      input.recordChangeTag !== existing!.recordChangeTag
    ) {
      fail('CONFLICT', 'record changed since the tag given');
      continue;
    }
    const fields =
      input.fields && typeof input.fields === 'object'
        ? (input.fields as CloudKitRecord['fields'])
        : {};
    const record: CloudKitRecord = {
      recordName: existing?.recordName ?? name ?? randomUUID().toUpperCase(),
      recordType:
        typeof input.recordType === 'string' ? input.recordType : (existing?.recordType ?? ''),
      recordChangeTag: randomBytes(4).toString('hex'),
      fields:
        type === 'update' || type === 'forceUpdate' ? { ...existing!.fields, ...fields } : fields,
      created: existing?.created ?? stamp,
      modified: stamp,
    };
    if (!record.recordType) throw badRequest('recordType is required');
    next.set(record.recordName, record);
    answers.push(record);
  }
  if (failed && body.atomic === true) {
    // Nothing is written; the operations that would have passed answer ATOMIC_ERROR.
    return answers.map((a) =>
      (a as { serverErrorCode?: string }).serverErrorCode
        ? a
        : {
            recordName: (a as { recordName: string }).recordName,
            reason: 'Atomic failure',
            serverErrorCode: 'ATOMIC_ERROR',
          },
    );
  }
  records.clear();
  for (const [k, v] of next) records.set(k, v);
  return answers;
}

/** `records/query`: records of the type whose fields equal every `EQUALS` filter. */
function query(
  records: Map<string, CloudKitRecord>,
  body: Record<string, unknown>,
): CloudKitRecord[] {
  const q = body.query as
    | {
        recordType?: unknown;
        filterBy?: {
          fieldName?: unknown;
          comparator?: unknown;
          fieldValue?: { value?: unknown };
        }[];
      }
    | undefined;
  if (!q || typeof q.recordType !== 'string') throw badRequest('query.recordType is required');
  const filters = q.filterBy ?? [];
  for (const f of filters) {
    if (f.comparator !== 'EQUALS')
      throw badRequest(`Unsupported comparator ${String(f.comparator)}`);
  }
  const limit = typeof body.resultsLimit === 'number' ? body.resultsLimit : 200;
  return [...records.values()]
    .filter(
      (r) =>
        r.recordType === q.recordType &&
        filters.every(
          (f) =>
            typeof f.fieldName === 'string' &&
            JSON.stringify(r.fields[f.fieldName]?.value) === JSON.stringify(f.fieldValue?.value),
        ),
    )
    .slice(0, limit);
}
