/**
 * A local stand-in of the Google Drive v3 REST API for tests and the dev stack (issue 23 item 4):
 * the part cloud recovery uses, in Drive's documented shapes
 * (https://developers.google.com/workspace/drive/api/reference/rest/v3/files):
 *
 * - `POST /upload/drive/v3/files?uploadType=multipart`: a `multipart/related` body, the file's
 *   JSON metadata (`name`, `parents`, `mimeType`) then its content; answers the `drive#file`.
 * - `GET /drive/v3/files?spaces=appDataFolder&q=...`: `drive#fileList` of the caller's files;
 *   `q` terms joined by `and`: `name = '...'`, `name contains '...'`, `'appDataFolder' in
 *   parents`, `trashed = false`.
 * - `GET /drive/v3/files/{id}` (metadata) and `?alt=media` (the content).
 * - `DELETE /drive/v3/files/{id}`: 204.
 *
 * Tokens: every call needs `Authorization: Bearer <access token>`, checked by token
 * introspection (RFC 7662, oauth4webapi) at the local OpenID provider
 * (`packages/server/src/methods/oauth/dev/oidc.ts`) as a resource server; an inactive token is
 * 401, a token without the `drive.appdata` scope 403 (`insufficientPermissions`). With that
 * scope only the `appDataFolder` space exists, as at Google: `parents` must be
 * `['appDataFolder']` and `spaces` `appDataFolder`. Files are per OAuth client and user (the
 * token's `client_id` and `sub`): another app's or user's token sees none of them. Errors have
 * Google's JSON shape `{error: {code, message, errors: [{domain, reason, message}], status}}`.
 * CORS is open (preflights answer 204), as Google's API is to browser pages.
 *
 * Limits: no resumable or media-only uploads, no `files.update`, no paging (`pageSize` is
 * ignored), `fields` is ignored (the default file fields are answered), content up to 1 MB.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';

/** The one scope this stand-in serves. */
export const DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';

/** Options of {@link startGoogleDrive}. */
export interface GoogleDriveOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
  /** The authorization server whose access tokens are accepted (OpenID discovery). */
  issuer: string;
  /** This resource server's client at the issuer, for introspection (`client_secret_basic`). */
  introspection: { clientId: string; clientSecret: string };
}

/** One stored file. */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content: Buffer;
  createdTime: string;
}

/** A running stand-in. */
export interface GoogleDrive {
  /** `http://<host>:<port>`: the base the API's `drive_api_url` setting names. */
  readonly url: string;
  /** The files of one (client, user), for tests (`sub` is the token's subject). */
  files(clientId: string, sub: string): DriveFile[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

class DriveError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
    readonly status: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        code: this.code,
        message: this.message,
        errors: [{ message: this.message, domain: 'global', reason: this.reason, ...this.extra }],
        status: this.status,
      },
    };
  }
}

const unauthenticated = () =>
  new DriveError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'authError',
    'UNAUTHENTICATED',
    { location: 'Authorization', locationType: 'header' },
  );
const insufficientScope = () =>
  new DriveError(
    403,
    'Request had insufficient authentication scopes.',
    'insufficientPermissions',
    'PERMISSION_DENIED',
  );
const notFound = (id: string) =>
  new DriveError(404, `File not found: ${id}.`, 'notFound', 'NOT_FOUND', {
    location: 'fileId',
    locationType: 'parameter',
  });
const badRequest = (message: string) =>
  new DriveError(400, message, 'badRequest', 'INVALID_ARGUMENT');
const wrongSpace = () =>
  new DriveError(
    403,
    'The granted scopes do not give access to all of the requested spaces.',
    'insufficientScopes',
    'PERMISSION_DENIED',
  );

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY)
      throw new DriveError(413, 'Request too large', 'uploadTooLarge', 'INVALID_ARGUMENT');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The parts of a `multipart/related` body (RFC 2387): each part's headers (lower-cased names)
 * and content, CRLF line ends.
 */
function multipartParts(
  body: Buffer,
  boundary: string,
): { headers: Map<string, string>; content: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Map<string, string>; content: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // The part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(body.indexOf('\r\n', start) + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw badRequest('Malformed multipart body');
    const headers = new Map<string, string>();
    for (const line of part.subarray(0, split).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    parts.push({ headers, content: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

/** One `q` term as a file filter; the terms Drive's search grammar has that recovery uses. */
function queryTerm(term: string): (file: DriveFile) => boolean {
  const literal = (s: string) => s.replace(/\\'/g, "'").replace(/\\\\/g, '\\');
  let m = /^name\s*=\s*'((?:[^'\\]|\\.)*)'$/.exec(term);
  if (m) {
    const name = literal(m[1]!);
    return (f) => f.name === name;
  }
  m = /^name\s+contains\s+'((?:[^'\\]|\\.)*)'$/.exec(term);
  if (m) {
    const part = literal(m[1]!);
    return (f) => f.name.includes(part);
  }
  m = /^'((?:[^'\\]|\\.)*)'\s+in\s+parents$/.exec(term);
  if (m) {
    const parent = literal(m[1]!);
    return (f) => f.parents.includes(parent);
  }
  if (/^trashed\s*=\s*false$/.test(term)) return () => true;
  throw badRequest(`Invalid Value: unsupported query term ${term}`);
}

const fileResource = (f: DriveFile) => ({
  kind: 'drive#file',
  id: f.id,
  name: f.name,
  mimeType: f.mimeType,
});

/**
 * Starts the stand-in; resolves once it listens.
 * @throws what `listen` throws (e.g. EADDRINUSE).
 */
export async function startGoogleDrive(options: GoogleDriveOptions): Promise<GoogleDrive> {
  const host = options.host ?? '127.0.0.1';
  const issuerUrl = new URL(options.issuer);
  const insecure = { [oauth.allowInsecureRequests]: issuerUrl.protocol === 'http:' };
  let as: Promise<oauth.AuthorizationServer> | undefined;
  const authorizationServer = () => {
    as ??= oauth
      .discoveryRequest(issuerUrl, { algorithm: 'oidc', ...insecure })
      .then((res) => oauth.processDiscoveryResponse(issuerUrl, res));
    as.catch(() => (as = undefined));
    return as;
  };
  const client: oauth.Client = { client_id: options.introspection.clientId };
  const clientAuth = oauth.ClientSecretBasic(options.introspection.clientSecret);
  /** `${client_id}\n${sub}` -> files by id. */
  const store = new Map<string, Map<string, DriveFile>>();

  /** The caller's (client, user) from its bearer token, by introspection. */
  const caller = async (req: IncomingMessage): Promise<Map<string, DriveFile>> => {
    const token = req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) throw unauthenticated();
    const server = await authorizationServer();
    const res = await oauth.introspectionRequest(server, client, clientAuth, token, insecure);
    const claims = await oauth.processIntrospectionResponse(server, client, res);
    if (!claims.active || typeof claims.sub !== 'string' || typeof claims.client_id !== 'string') {
      throw unauthenticated();
    }
    const scopes = (typeof claims.scope === 'string' ? claims.scope : '').split(' ');
    if (!scopes.includes(DRIVE_APPDATA_SCOPE)) throw insufficientScope();
    const key = `${claims.client_id}\n${claims.sub}`;
    let files = store.get(key);
    if (!files) store.set(key, (files = new Map()));
    return files;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://drive.local');
    const method = req.method ?? 'GET';
    if (url.pathname === '/upload/drive/v3/files' && method === 'POST') {
      const files = await caller(req);
      if (url.searchParams.get('uploadType') !== 'multipart') {
        throw badRequest('Only uploadType=multipart is supported here');
      }
      const boundary = /^multipart\/related;.*boundary="?([^";]+)"?/i.exec(
        req.headers['content-type'] ?? '',
      )?.[1];
      if (!boundary) throw badRequest('Expected a multipart/related body with a boundary');
      const [meta, media] = multipartParts(await readBody(req), boundary);
      if (!meta || !media) throw badRequest('Expected a metadata part and a media part');
      let metadata: { name?: unknown; parents?: unknown; mimeType?: unknown };
      try {
        metadata = JSON.parse(meta.content.toString('utf8')) as typeof metadata;
      } catch {
        throw badRequest('Invalid JSON metadata');
      }
      const parents = Array.isArray(metadata.parents) ? metadata.parents.map(String) : [];
      // The drive.appdata scope reaches the app folder only.
      if (parents.length !== 1 || parents[0] !== 'appDataFolder') throw wrongSpace();
      const file: DriveFile = {
        id: randomBytes(16).toString('base64url'),
        name: typeof metadata.name === 'string' ? metadata.name : 'Untitled',
        mimeType:
          typeof metadata.mimeType === 'string'
            ? metadata.mimeType
            : (media.headers.get('content-type') ?? 'application/octet-stream'),
        parents: ['appDataFolder'],
        content: Buffer.from(media.content),
        createdTime: new Date().toISOString(),
      };
      files.set(file.id, file);
      return json(res, 200, fileResource(file));
    }
    if (url.pathname === '/drive/v3/files' && method === 'GET') {
      const files = await caller(req);
      const spaces = (url.searchParams.get('spaces') ?? 'drive').split(',');
      if (spaces.some((s) => s !== 'appDataFolder')) throw wrongSpace();
      const q = url.searchParams.get('q')?.trim();
      const filters = q ? q.split(/\s+and\s+/i).map((t) => queryTerm(t.trim())) : [];
      const found = [...files.values()]
        .filter((f) => filters.every((keep) => keep(f)))
        .sort((a, b) => b.createdTime.localeCompare(a.createdTime));
      return json(res, 200, {
        kind: 'drive#fileList',
        incompleteSearch: false,
        files: found.map(fileResource),
      });
    }
    const byId = /^\/drive\/v3\/files\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (byId) {
      const files = await caller(req);
      const id = byId[1]!;
      const file = files.get(id);
      if (!file) throw notFound(id);
      if (method === 'DELETE') {
        files.delete(id);
        res.writeHead(204);
        return res.end();
      }
      if (method === 'GET') {
        if (url.searchParams.get('alt') === 'media') {
          res.writeHead(200, { 'content-type': file.mimeType });
          return res.end(file.content);
        }
        return json(res, 200, fileResource(file));
      }
    }
    throw new DriveError(404, 'Not Found', 'notFound', 'NOT_FOUND');
  };

  const server = createServer((req, res) => {
    // Google's API answers browser pages of any origin (the token is the credential).
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('vary', 'Origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      const failure =
        error instanceof DriveError
          ? error
          : error instanceof oauth.ResponseBodyError ||
              error instanceof oauth.OperationProcessingError
            ? unauthenticated()
            : new DriveError(500, 'Internal error', 'internalError', 'INTERNAL');
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
      if (failure.code === 401)
        headers['www-authenticate'] = 'Bearer realm="https://accounts.google.com/"';
      if (failure.code === 403 && failure.reason === 'insufficientPermissions') {
        headers['www-authenticate'] =
          `Bearer error="insufficient_scope", scope="${DRIVE_APPDATA_SCOPE}"`;
      }
      res.writeHead(failure.code, headers);
      res.end(JSON.stringify(failure.body()));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    files: (clientId, sub) => [...(store.get(`${clientId}\n${sub}`)?.values() ?? [])],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A Drive v3 multipart upload (`POST /upload/drive/v3/files?uploadType=multipart`, a
 * `multipart/related` body: the JSON metadata, then the content), as Drive's docs describe it
 * and as the wallet frame makes it: for tests of the stand-in and of its callers.
 * @param driveUrl the Drive API base (the stand-in's `url`).
 * @returns the raw response (200 with the `drive#file`, or Drive's error).
 */
export function uploadToDrive(
  driveUrl: string,
  token: string,
  metadata: Record<string, unknown>,
  content: string,
): Promise<Response> {
  const boundary = `latchkey-${randomBytes(8).toString('hex')}`;
  const body = [
    `--${boundary}`,
    'Content-Type: application/json; charset=UTF-8',
    '',
    JSON.stringify(metadata),
    `--${boundary}`,
    'Content-Type: application/octet-stream',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return fetch(`${driveUrl}/upload/drive/v3/files?uploadType=multipart`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
}
