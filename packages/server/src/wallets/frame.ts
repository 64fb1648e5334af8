/**
 * The wallet frame page (design.md, Keys; spec section 7, "Wallet frame"): served on the API
 * origin at `/apps/{appId}/embedded-wallets` (and `/export`), framed only by the app's allowed
 * origins (CSP `frame-ancestors`). The page is static HTML with no inline script or style; its
 * script is `@latchkey/wallet-frame`'s `src/frame/main.ts`, served under a content-hashed URL:
 * - built package (`dist/`, an installed `@latchkey/server`): bundled at package build time
 *   (`npm run build`, `scripts/build-frame.ts`) into `dist/wallet-frame/` with a
 *   `manifest.json`; read once per process, so esbuild is not a runtime dependency;
 * - workspace (`src/` through tsx): bundled with esbuild once per process (and again when a
 *   source changed, with `rebuild`).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ROUTE_PATTERNS } from '@latchkey/api';
import { type Context, Hono } from 'hono';
import { findApp } from '../apps/records.ts';
import { isCrossAppProvider } from '../crossapp/clients.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { PACKAGE_ROOT, PREBUILT_WALLET_FRAME_DIR, RUNNING_FROM_SOURCE } from '../paths.ts';
import { cloudRecoveryOrigins } from '../recovery/config.ts';

/** Default entry of the frame script, in the wallet-frame workspace package (source runs). */
export const DEFAULT_WALLET_FRAME_ENTRY = join(
  PACKAGE_ROOT,
  '..',
  'wallet-frame',
  'src',
  'frame',
  'main.ts',
);

/** The file `dist/wallet-frame/manifest.json` of a built package: the assets' hashed names. */
export interface WalletFrameManifest {
  script: string;
  style: string | null;
}

/** URL prefix of the built frame assets. */
export const WALLET_FRAME_ASSET_PREFIX = '/wallet-frame/';

/** Config the page hands to its script in `<meta name="latchkey-config" content="...">`. */
export interface WalletFrameConfig {
  appId: string;
  /** The API's public URL (no trailing slash). */
  apiUrl: string;
  /**
   * The only parents the frame talks to: the app's allowed origins, plus the API origin itself
   * in a cross-app provider's wallet frame (its sign-in page; issue 21).
   */
  allowedOrigins: string[];
  /**
   * Issue 23: `cloud` is the cloud recovery page (framed like the others); `cloud-return` its
   * pop-up's return page, framed by no one, whose script only posts the provider's answer to
   * its opener (its `allowedOrigins` are empty).
   */
  mode: 'wallet' | 'export' | 'approve' | 'password' | 'import' | 'cloud' | 'cloud-return';
  /**
   * The wallet frame's key cache idle window (ms; issue 13): how long the rebuilt key stays in
   * the frame's memory after its last use. Absent: the frame's default (60000).
   */
  keyIdleMs?: number;
}

const PAGE_TITLES: Record<WalletFrameConfig['mode'], string> = {
  wallet: 'Latchkey wallet',
  export: 'Latchkey wallet export',
  approve: 'Latchkey approval',
  password: 'Latchkey recovery password',
  import: 'Latchkey wallet import',
  cloud: 'Latchkey cloud backup',
  'cloud-return': 'Latchkey cloud backup',
};

const PAGE_PATTERNS: Record<WalletFrameConfig['mode'], string> = {
  wallet: ROUTE_PATTERNS.walletFrame,
  export: ROUTE_PATTERNS.walletExport,
  approve: ROUTE_PATTERNS.walletApprove,
  password: ROUTE_PATTERNS.walletPassword,
  import: ROUTE_PATTERNS.walletImport,
  cloud: ROUTE_PATTERNS.walletCloud,
  'cloud-return': ROUTE_PATTERNS.walletCloudReturn,
};

export interface Asset {
  name: string;
  body: string;
  contentType: string;
}

export interface Bundle {
  script: Asset;
  style: Asset | undefined;
  /** Source files the bundle was built from (outside node_modules), for dev rebuilds. */
  inputs: string[];
  /** When the build started, ms since the epoch. */
  builtAt: number;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Bundles `entry` (and `css`, when given) with esbuild: ESM, ES2020, browser, minified, named
 * `<name>.<hash>.js` and `<name>.<hash>.css`. CSS imported by the script is folded into the one
 * stylesheet. The workspace's packages are taken from source (the `@latchkey/source` condition).
 */
export async function buildBundle(entry: string, name: string, css?: string): Promise<Bundle> {
  const { build } = await import('esbuild');
  const builtAt = Date.now();
  const workDir = dirname(entry);
  const entryPoints: Record<string, string> = { [name]: entry };
  if (css) entryPoints[`${name}-style`] = css;
  const result = await build({
    entryPoints,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    absWorkingDir: workDir,
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The workspace's packages from source (see .npmrc); installed ones from their dist.
    conditions: ['@latchkey/source'],
  });
  let js = '';
  let styles = '';
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js')) js += file.text;
    else if (file.path.endsWith('.css')) styles += file.text;
  }
  const script = {
    name: `${name}.${hash(js)}.js`,
    body: js,
    contentType: 'text/javascript; charset=utf-8',
  };
  const style = styles
    ? { name: `${name}.${hash(styles)}.css`, body: styles, contentType: 'text/css; charset=utf-8' }
    : undefined;
  const inputs = Object.keys(result.metafile.inputs)
    .filter((path) => !path.includes('node_modules'))
    .map((path) => resolve(workDir, path));
  return { script, style, inputs, builtAt };
}

/** Bundles the frame script `entry` and a `frame.css` beside it, when present ({@link buildBundle}). */
export async function buildWalletFrame(entry: string): Promise<Bundle> {
  const cssPath = join(dirname(entry), 'frame.css');
  return buildBundle(entry, 'frame', (await exists(cssPath)) ? cssPath : undefined);
}

/** The file name pattern of a bundle's assets: `<name>.<16 hex>.js|css`. */
export const assetNamePattern = (name: string) => new RegExp(`^${name}\\.[0-9a-f]{16}\\.(js|css)$`);

const FRAME_ASSET_NAME = assetNamePattern('frame');

/**
 * Writes `bundle` into `dir` (emptied first) as its script, its stylesheet and `manifest.json`
 * ({@link WalletFrameManifest}); the package build calls it.
 */
export async function writeWalletFrame(bundle: Bundle, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, bundle.script.name), bundle.script.body);
  if (bundle.style) await writeFile(join(dir, bundle.style.name), bundle.style.body);
  const manifest: WalletFrameManifest = {
    script: bundle.script.name,
    style: bundle.style?.name ?? null,
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Reads a bundle written by {@link writeWalletFrame} whose assets are named `name`.
 * @throws Error when `dir` has no valid manifest or an asset is missing (a package built
 *   without it).
 */
export async function readBundle(dir: string, name: string): Promise<Bundle> {
  const manifest = JSON.parse(
    await readFile(join(dir, 'manifest.json'), 'utf8'),
  ) as WalletFrameManifest;
  const names = [manifest.script, manifest.style].filter((n): n is string => n !== null);
  const pattern = assetNamePattern(name);
  if (!names.every((n) => pattern.test(n))) {
    throw new Error(`${dir}/manifest.json names an invalid asset`);
  }
  const script: Asset = {
    name: manifest.script,
    body: await readFile(join(dir, manifest.script), 'utf8'),
    contentType: 'text/javascript; charset=utf-8',
  };
  const style: Asset | undefined = manifest.style
    ? {
        name: manifest.style,
        body: await readFile(join(dir, manifest.style), 'utf8'),
        contentType: 'text/css; charset=utf-8',
      }
    : undefined;
  return { script, style, inputs: [], builtAt: Date.now() };
}

/** Reads a frame written by {@link writeWalletFrame} ({@link readBundle} of `frame`). */
export const readWalletFrame = (dir: string): Promise<Bundle> => readBundle(dir, 'frame');

/** True when a source file of `bundle` changed after it was built. */
async function stale(bundle: Bundle): Promise<boolean> {
  const times = await Promise.all(
    bundle.inputs.map((path) =>
      stat(path).then(
        (s) => s.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.some((t) => t > bundle.builtAt);
}

/**
 * A bundle built (or read) on first use and kept for the process; with `rebuild`, built again
 * when a source file changed (`bundle(true)`, development). A failed build is retried on the next
 * call (e.g. after a syntax error while developing).
 * @returns a function giving the bundle.
 * @throws ApiError `internal_error` with `failure` when it cannot be built.
 */
export function lazyBundle(options: {
  build: () => Promise<Bundle>;
  rebuild: boolean;
  failure: string;
}): (checkSources?: boolean) => Promise<Bundle> {
  let built: Promise<Bundle> | undefined;
  return async (checkSources = false) => {
    if (built && checkSources && options.rebuild) {
      const current = await built.catch(() => undefined);
      if (current && (await stale(current))) built = undefined;
    }
    if (!built) {
      built = options.build();
      built.catch(() => {
        built = undefined;
      });
    }
    return built.catch((cause: unknown) => {
      throw new ApiError('internal_error', options.failure, { cause });
    });
  };
}

/**
 * `GET {prefix}:file`: a bundle's script or stylesheet by its content-hashed name (`pattern`),
 * cached for a year (the name changes with the content), same-origin only; 404 `not_found` for
 * any other name. Served Brotli- or gzip-compressed as the request's `Accept-Encoding` prefers
 * (`Vary: Accept-Encoding`), else as is.
 */
export function serveAssets(
  routes: Hono<AppEnv>,
  prefix: string,
  pattern: RegExp,
  bundle: () => Promise<Bundle>,
): void {
  routes.get(`${prefix}:file`, async (c) => {
    const name = c.req.param('file') ?? '';
    if (!pattern.test(name)) throw new ApiError('not_found', 'Not found');
    const { script, style } = await bundle();
    const asset = [script, style].find((a) => a?.name === name);
    if (!asset) throw new ApiError('not_found', 'Not found');
    c.header('Content-Type', asset.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    c.header('Vary', 'Accept-Encoding');
    const encoding = ENCODINGS.negotiate(c.req.header('accept-encoding') ?? '');
    if (!encoding) return c.body(asset.body);
    c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(await compressed(asset, encoding)));
  });
}

/** The encodings an asset is served in besides identity, best first (`Accept-Encoding`). */
const ENCODINGS = new Negotiator({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Each asset's compressed bodies, made once (on zlib's thread pool) when first asked for. */
const compressedBodies = new WeakMap<Asset, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>();

/**
 * `asset`'s body in `encoding`: Brotli at quality 9 (the 1.2 MB frame script: 0.33 MB, about
 * 0.5 s once), gzip at level 9. The scripts are content-hashed and immutable, so each is
 * compressed once per process and bundle, not per request.
 */
function compressed(asset: Asset, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let bodies = compressedBodies.get(asset);
  if (!bodies) compressedBodies.set(asset, (bodies = {}));
  const body = Buffer.from(asset.body);
  bodies[encoding] ??=
    encoding === 'br'
      ? brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipped(body, { level: 9 });
  return bodies[encoding];
}

/** `&`, `<`, `>`, `"` and `'` as HTML entities (attribute-safe). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/**
 * The page's Content-Security-Policy: nothing inline, framed only by `parents` (default: the
 * app's origins; `'none'` when empty), connecting to its own origin and `connect` (the cloud
 * recovery services of the app, issue 23: the Drive API's and CloudKit's origins).
 */
export function walletFrameCsp(
  app: AppRow,
  parents: readonly string[] = app.allowedOrigins,
  connect: readonly string[] = [],
): string {
  const ancestors = parents.length > 0 ? parents.join(' ') : "'none'";
  return [
    "default-src 'none'",
    // WebAssembly for OPAQUE and Argon2id (issue 24 item 5); still no eval, nothing inline.
    "script-src 'self' 'wasm-unsafe-eval'",
    ["connect-src 'self'", ...connect].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * A static page of the API's own (the wallet frame's, the cross-app sign-in page's): UTF-8,
 * mobile viewport, no referrer, `title` (escaped), then `head` and `body` as given.
 */
export function htmlPage(title: string, head: readonly string[], body = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    ...head,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
    '',
  ].join('\n');
}

/**
 * The headers of such a page: its Content-Security-Policy, no MIME sniffing, no referrer, never
 * cached (each answer carries its request's config).
 */
export function pageHeaders(c: Context<AppEnv>, csp: string): void {
  c.header('Content-Security-Policy', csp);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
}

function page(config: WalletFrameConfig, base: string, bundle: Bundle): string {
  return htmlPage(PAGE_TITLES[config.mode], [
    `<meta name="latchkey-config" content="${escapeHtml(JSON.stringify(config))}">`,
    ...(bundle.style
      ? [`<link rel="stylesheet" href="${escapeHtml(base + bundle.style.name)}">`]
      : []),
    `<script type="module" src="${escapeHtml(base + bundle.script.name)}"></script>`,
  ]);
}

/** Options of {@link walletFrameRoutes}. */
export interface WalletFrameOptions {
  /**
   * Path of the frame script's entry, bundled with esbuild. Default: the prebuilt frame of the
   * built package (`dist/wallet-frame/`), or {@link DEFAULT_WALLET_FRAME_ENTRY} when running
   * from source.
   */
  entry?: string;
  /**
   * Rebuild when a source file changed since the last build, checked on each page request
   * (development). Default false: one build per process.
   */
  rebuild?: boolean;
  /** {@link WalletFrameConfig.keyIdleMs}, handed to every frame page. */
  keyIdleMs?: number;
}

/** The frame routes, plus `prebuild()` to bundle the script before the first request. */
export function walletFrameRoutes(ctx: ServerContext, options: WalletFrameOptions = {}) {
  const entry = options.entry ?? (RUNNING_FROM_SOURCE ? DEFAULT_WALLET_FRAME_ENTRY : null);
  // The page links assets under the public URL's path (the API may sit under a prefix).
  const base = `${new URL(ctx.publicUrl).pathname.replace(/\/+$/, '')}${WALLET_FRAME_ASSET_PREFIX}`;
  const selfOrigin = new URL(ctx.publicUrl).origin;
  const bundle = lazyBundle({
    build: () => (entry ? buildWalletFrame(entry) : readWalletFrame(PREBUILT_WALLET_FRAME_DIR)),
    rebuild: options.rebuild ?? false,
    failure: 'The wallet frame could not be built',
  });

  const r = new Hono<AppEnv>();

  const serve = (mode: WalletFrameConfig['mode']) =>
    r.get(PAGE_PATTERNS[mode], async (c) => {
      const app = await findApp(ctx.db, c.req.param('appId') ?? '');
      if (!app) throw new ApiError('app_not_found', 'App not found');
      const assets = await bundle(true);
      // Issue 21: a cross-app provider's pages on this origin (its sign-in page,
      // `{issuer}/interaction/{uid}`, and its transact page, `{issuer}/transact`) are the
      // provider app's own: its hidden frame (the consent only it may send, the signing), its
      // approval page (the user's click on a requester's request) and its password page (a
      // wallet to recover first) answer them. Not the key export or import page.
      // Issue 23: the cloud pop-up's return page is a top-level page (frame-ancestors 'none')
      // that talks to no parent.
      const parents =
        mode === 'cloud-return'
          ? []
          : mode !== 'export' && mode !== 'import' && (await isCrossAppProvider(ctx, app.id))
            ? [...app.allowedOrigins, selfOrigin]
            : app.allowedOrigins;
      const config: WalletFrameConfig = {
        appId: app.id,
        apiUrl: ctx.publicUrl,
        allowedOrigins: parents,
        mode,
        ...(options.keyIdleMs === undefined ? {} : { keyIdleMs: options.keyIdleMs }),
      };
      // Issue 23: only the cloud recovery page reaches the user's own cloud (the Drive API,
      // CloudKit Web Services); the hidden frame never does (it refuses cloud methods). No page
      // sends Cross-Origin-Opener-Policy, so the cloud page keeps its pop-up and the return
      // page its opener.
      const cloud = mode === 'cloud' ? await cloudRecoveryOrigins(ctx, app.id) : [];
      pageHeaders(c, walletFrameCsp(app, parents, cloud));
      return c.html(page(config, base, assets));
    });
  for (const mode of Object.keys(PAGE_PATTERNS) as WalletFrameConfig['mode'][]) serve(mode);

  serveAssets(r, WALLET_FRAME_ASSET_PREFIX, FRAME_ASSET_NAME, bundle);

  return {
    routes: r,
    /** Bundles the frame script now (e.g. at startup); errors are logged, not thrown. */
    prebuild: () =>
      bundle().then(
        () => undefined,
        (error: unknown) => console.error('[latchkey] wallet frame build failed:', error),
      ),
  };
}
