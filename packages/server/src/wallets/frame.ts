/**
 * The wallet frame page (design.md, Keys; spec section 7, "Wallet frame"): served on the API
 * origin at `/apps/{appId}/embedded-wallets` (and `/export`), framed only by the app's allowed
 * origins (CSP `frame-ancestors`). The page is static HTML with no inline script or style; its
 * script is `@latchkey/wallet-frame`'s `src/frame/main.ts`, bundled with esbuild once per
 * process and served under a content-hashed URL.
 */
import { createHash } from 'node:crypto';
import { access, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTE_PATTERNS } from '@latchkey/api';
import { Hono } from 'hono';
import { findApp } from '../apps/records.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Default entry of the frame script, in the wallet-frame workspace package. */
export const DEFAULT_WALLET_FRAME_ENTRY = fileURLToPath(
  new URL('../../../wallet-frame/src/frame/main.ts', import.meta.url),
);

/** URL prefix of the built frame assets. */
export const WALLET_FRAME_ASSET_PREFIX = '/wallet-frame/';

/** Config the page hands to its script in `<meta name="latchkey-config" content="...">`. */
export interface WalletFrameConfig {
  appId: string;
  /** The API's public URL (no trailing slash). */
  apiUrl: string;
  /** The app's allowed origins: the only parents the frame talks to. */
  allowedOrigins: string[];
  mode: 'wallet' | 'export' | 'approve' | 'password';
}

const PAGE_TITLES: Record<WalletFrameConfig['mode'], string> = {
  wallet: 'Latchkey wallet',
  export: 'Latchkey wallet export',
  approve: 'Latchkey approval',
  password: 'Latchkey recovery password',
};

const PAGE_PATTERNS: Record<WalletFrameConfig['mode'], string> = {
  wallet: ROUTE_PATTERNS.walletFrame,
  export: ROUTE_PATTERNS.walletExport,
  approve: ROUTE_PATTERNS.walletApprove,
  password: ROUTE_PATTERNS.walletPassword,
};

interface Asset {
  name: string;
  body: string;
  contentType: string;
}

interface Bundle {
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
 * Bundles `entry` (and a `frame.css` beside it, when present) with esbuild: ESM, ES2020,
 * browser, minified. CSS imported by the script is folded into the one stylesheet.
 */
export async function buildWalletFrame(entry: string): Promise<Bundle> {
  const { build } = await import('esbuild');
  const builtAt = Date.now();
  const workDir = dirname(entry);
  const cssPath = join(dirname(entry), 'frame.css');
  const entryPoints: Record<string, string> = { frame: entry };
  if (await exists(cssPath)) entryPoints['frame-style'] = cssPath;
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
  });
  let js = '';
  let css = '';
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js')) js += file.text;
    else if (file.path.endsWith('.css')) css += file.text;
  }
  const script = {
    name: `frame.${hash(js)}.js`,
    body: js,
    contentType: 'text/javascript; charset=utf-8',
  };
  const style = css
    ? { name: `frame.${hash(css)}.css`, body: css, contentType: 'text/css; charset=utf-8' }
    : undefined;
  const inputs = Object.keys(result.metafile.inputs)
    .filter((path) => !path.includes('node_modules'))
    .map((path) => resolve(workDir, path));
  return { script, style, inputs, builtAt };
}

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

/** `&`, `<`, `>`, `"` and `'` as HTML entities (attribute-safe). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** The page's Content-Security-Policy: nothing inline, framed only by `app`'s origins. */
export function walletFrameCsp(app: AppRow): string {
  const ancestors = app.allowedOrigins.length > 0 ? app.allowedOrigins.join(' ') : "'none'";
  return [
    "default-src 'none'",
    // WebAssembly for OPAQUE and Argon2id (issue 24 item 5); still no eval, nothing inline.
    "script-src 'self' 'wasm-unsafe-eval'",
    "connect-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function page(config: WalletFrameConfig, base: string, bundle: Bundle): string {
  const style = bundle.style
    ? `<link rel="stylesheet" href="${escapeHtml(base + bundle.style.name)}">`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<meta name="latchkey-config" content="${escapeHtml(JSON.stringify(config))}">`,
    `<title>${PAGE_TITLES[config.mode]}</title>`,
    style,
    `<script type="module" src="${escapeHtml(base + bundle.script.name)}"></script>`,
    '</head>',
    '<body></body>',
    '</html>',
    '',
  ].join('\n');
}

/** Options of {@link walletFrameRoutes}. */
export interface WalletFrameOptions {
  /** Path of the frame script's entry. Default {@link DEFAULT_WALLET_FRAME_ENTRY}. */
  entry?: string;
  /**
   * Rebuild when a source file changed since the last build, checked on each page request
   * (development). Default false: one build per process.
   */
  rebuild?: boolean;
}

/** The frame routes, plus `prebuild()` to bundle the script before the first request. */
export function walletFrameRoutes(ctx: ServerContext, options: WalletFrameOptions = {}) {
  const entry = options.entry ?? DEFAULT_WALLET_FRAME_ENTRY;
  // The page links assets under the public URL's path (the API may sit under a prefix).
  const base = `${new URL(ctx.publicUrl).pathname.replace(/\/+$/, '')}${WALLET_FRAME_ASSET_PREFIX}`;
  let built: Promise<Bundle> | undefined;
  const bundle = async (checkSources = false) => {
    if (built && checkSources && options.rebuild) {
      const current = await built.catch(() => undefined);
      if (current && (await stale(current))) built = undefined;
    }
    if (!built) {
      built = buildWalletFrame(entry);
      // A failed build (e.g. a syntax error while developing) is retried on the next request.
      built.catch(() => {
        built = undefined;
      });
    }
    return built.catch((cause: unknown) => {
      throw new ApiError('internal_error', 'The wallet frame could not be built', { cause });
    });
  };

  const r = new Hono<AppEnv>();

  const serve = (mode: WalletFrameConfig['mode']) =>
    r.get(PAGE_PATTERNS[mode], async (c) => {
      const app = await findApp(ctx.db, c.req.param('appId') ?? '');
      if (!app) throw new ApiError('app_not_found', 'App not found');
      const assets = await bundle(true);
      const config: WalletFrameConfig = {
        appId: app.id,
        apiUrl: ctx.publicUrl,
        allowedOrigins: app.allowedOrigins,
        mode,
      };
      c.header('Content-Security-Policy', walletFrameCsp(app));
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'no-store');
      return c.html(page(config, base, assets));
    });
  for (const mode of Object.keys(PAGE_PATTERNS) as WalletFrameConfig['mode'][]) serve(mode);

  r.get(`${WALLET_FRAME_ASSET_PREFIX}:file`, async (c) => {
    const name = c.req.param('file');
    if (!/^frame\.[0-9a-f]{16}\.(js|css)$/.test(name)) {
      throw new ApiError('not_found', 'Not found');
    }
    const { script, style } = await bundle();
    const asset = [script, style].find((a) => a?.name === name);
    if (!asset) throw new ApiError('not_found', 'Not found');
    c.header('Content-Type', asset.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
    return c.body(asset.body);
  });

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
