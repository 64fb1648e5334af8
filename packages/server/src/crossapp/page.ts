/**
 * The provider app's own sign-in page (issue 21 item 2; spec section 2 CROSS_APP_AUTH_SCREEN):
 * `GET {issuer}/interaction/{uid}`, served on the API origin and opened by the requester in its
 * 440x680 popup. The page is the provider app's Latchkey login (`@latchkey/react`) and then a
 * consent card naming the requester; the consent itself is sent by the provider's wallet frame
 * (`latchkey:crossapp:confirm`, with its DPoP key), which answers only this page's origin.
 *
 * The page is static HTML with no inline script or style; its script is `@latchkey/react`'s
 * `src/crossapp/provider-page/main.tsx`, served under a content-hashed URL like the wallet frame's
 * (`../wallets/frame.ts`): prebuilt into `dist/crossapp-page/` by the package build, or bundled
 * with esbuild once per process when running from source.
 */
import { join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { PACKAGE_ROOT, PREBUILT_CROSS_APP_PAGE_DIR, RUNNING_FROM_SOURCE } from '../paths.ts';
import {
  assetNamePattern,
  type Bundle,
  buildBundle,
  escapeHtml,
  htmlPage,
  lazyBundle,
  pageHeaders,
  readBundle,
  serveAssets,
} from '../wallets/frame.ts';

/** Default entry of the page script, in the react workspace package (source runs). */
export const DEFAULT_CROSS_APP_PAGE_ENTRY = join(
  PACKAGE_ROOT,
  '..',
  'react',
  'src',
  'crossapp',
  'provider-page',
  'main.tsx',
);

/** The assets' name (`crossapp-page.<hash>.js|css`) and URL prefix. */
const ASSET_NAME = 'crossapp-page';
export const CROSS_APP_PAGE_ASSET_PREFIX = '/crossapp-page/';
const ASSET_PATTERN = assetNamePattern(ASSET_NAME);

/** What the page hands its script in `<meta name="latchkey-crossapp" content="...">`. */
export interface CrossAppPageConfig {
  /** The provider app. */
  appId: string;
  /** The API's public URL (no trailing slash): the page's own origin and path prefix. */
  apiUrl: string;
  /** The sign-in page: the pending interaction (`oidc-provider`'s uid). */
  uid?: string;
  /**
   * The transact page (`oidc/transact.ts`): the requester's client id and the origin the page
   * answers (checked by the server against the client's origins).
   */
  transact?: { clientId: string; origin: string };
}

/** Which page: the sign-in page of one interaction, or the transact page of one requester. */
export type CrossAppPageMode = Pick<CrossAppPageConfig, 'uid' | 'transact'>;

/** Bundles the page script `entry` ({@link buildBundle}; the package build calls it too). */
export const buildCrossAppPage = (entry: string): Promise<Bundle> => buildBundle(entry, ASSET_NAME);

/**
 * The page's Content-Security-Policy: nothing inline; scripts and frames only from this origin
 * (the wallet frame); calls to this origin and to `connectOrigins` (the chains' RPCs, which the
 * transact page's wallet reads and broadcasts through); images from anywhere over https (the
 * apps' logos); framed by no one.
 */
export function crossAppPageCsp(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "style-src 'self'",
    "img-src 'self' data: https:",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** {@link crossAppPageCsp} of a server without chains. */
export const CROSS_APP_PAGE_CSP = crossAppPageCsp();

/** The origin of an RPC URL for a CSP source list; none when it is not an http(s) URL. */
export function rpcOrigin(rpcUrl: string | undefined): string[] {
  try {
    const url = new URL(rpcUrl ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

function secure<E extends AppEnv>(c: Context<E>, csp: string): void {
  pageHeaders(c as unknown as Context<AppEnv>, csp);
  // The requester's opener keeps its handle on the popup (its 300 ms closed-check).
  c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
}

/** Options of {@link crossAppPage}. */
export interface CrossAppPageOptions {
  /** Entry of the page script. Default: the prebuilt page, or the source entry from source. */
  entry?: string;
  /** Rebuild when a source changed since the last build (development). Default false. */
  rebuild?: boolean;
  /** Origins the page may call besides its own (the chains' RPCs). Default none. */
  connectOrigins?: readonly string[];
}

/**
 * The page's renderer and asset routes. `serve(c, app, mode)` answers the sign-in page of a
 * pending interaction (`{uid}`) or the transact page (`{transact}`); `expired(c)` the page shown
 * when there is no such interaction in this browser (404); `refused(c)` a refused transact page
 * (403).
 */
export function crossAppPage(publicUrl: string, options: CrossAppPageOptions = {}) {
  const entry = options.entry ?? (RUNNING_FROM_SOURCE ? DEFAULT_CROSS_APP_PAGE_ENTRY : null);
  const base = `${new URL(publicUrl).pathname.replace(/\/+$/, '')}${CROSS_APP_PAGE_ASSET_PREFIX}`;
  const bundle = lazyBundle({
    build: () =>
      entry ? buildCrossAppPage(entry) : readBundle(PREBUILT_CROSS_APP_PAGE_DIR, ASSET_NAME),
    rebuild: options.rebuild ?? false,
    failure: 'The sign-in page could not be built',
  });

  const csp = crossAppPageCsp(options.connectOrigins);
  const routes = new Hono<AppEnv>();
  serveAssets(routes, CROSS_APP_PAGE_ASSET_PREFIX, ASSET_PATTERN, () => bundle());

  return {
    routes,
    async serve<E extends AppEnv>(c: Context<E>, app: AppRow, mode: CrossAppPageMode) {
      const assets = await bundle(true);
      const config: CrossAppPageConfig = { appId: app.id, apiUrl: publicUrl, ...mode };
      secure(c, csp);
      const style = assets.style
        ? [`<link rel="stylesheet" href="${escapeHtml(base + assets.style.name)}">`]
        : [];
      return c.html(
        htmlPage(mode.transact ? `Sign with ${app.name}` : `Sign in with ${app.name}`, [
          `<meta name="latchkey-crossapp" content="${escapeHtml(JSON.stringify(config))}">`,
          ...style,
          `<script type="module" src="${escapeHtml(base + assets.script.name)}"></script>`,
        ]),
      );
    },
    expired<E extends AppEnv>(c: Context<E>, message: string) {
      secure(c, csp);
      return c.html(
        htmlPage(
          'Sign-in expired',
          [],
          `<main><h1>Sign-in expired</h1><p>${escapeHtml(message)}</p></main>`,
        ),
        404,
      );
    },
    /** The page of a refused transact request (403): `message` and nothing else. */
    refused<E extends AppEnv>(c: Context<E>, message: string) {
      secure(c, csp);
      return c.html(
        htmlPage('Request refused', [], `<main><h1>${escapeHtml(message)}</h1></main>`),
        403,
      );
    },
  };
}
