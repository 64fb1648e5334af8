import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiErrorBody, ROUTES } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { TEST_PUBLIC_URL, type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { saveClient } from '../crossapp/clients.ts';
import { setRecoveryCloudConfig } from '../recovery/config.ts';
import { buildWalletFrame, DEFAULT_WALLET_FRAME_ENTRY, escapeHtml } from './frame.ts';

let database: Database;
let server: TestServer;
let dir: string;
const ORIGINS = ['https://app.example.com', 'http://localhost:5173'];

beforeAll(async () => {
  // A stub entry with a dependency and a stylesheet, standing in for wallet-frame's main.ts.
  dir = await mkdtemp(join(tmpdir(), 'latchkey-frame-'));
  await writeFile(
    join(dir, 'helper.ts'),
    'export const marker = (n: number): string => `latchkey-frame-stub-${n}`;\n',
  );
  await writeFile(
    join(dir, 'main.ts'),
    [
      "import { marker } from './helper.ts';",
      'const meta = document.querySelector(\'meta[name="latchkey-config"]\');',
      "const config = JSON.parse(meta?.getAttribute('content') ?? '{}') as { mode?: string };",
      'document.body.dataset.mode = config.mode ?? marker(1);',
      'console.log(marker(42));',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'frame.css'), 'body {\n  margin: 0;\n  color: #123456;\n}\n');
  database = await testDatabase();
  server = testServer(database, { server: { walletFrameEntry: join(dir, 'main.ts') } });
});
afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = (path: string) => server.app.request(path);

function configOf(html: string): Record<string, unknown> {
  const match = html.match(/<meta name="latchkey-config" content="([^"]*)">/);
  expect(match).not.toBeNull();
  const decoded = match![1]!
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(decoded) as Record<string, unknown>;
}

describe('GET /apps/{appId}/embedded-wallets', () => {
  it('hands the configured key idle window to the frame page; refuses a negative one', async () => {
    const tuned = testServer(database, {
      server: { walletFrameEntry: join(dir, 'main.ts'), walletKeyIdleMs: 15_000 },
    });
    const app = await tuned.createApp({ allowedOrigins: ORIGINS });
    const res = await tuned.app.request(ROUTES.walletFrame(app.id));
    expect(configOf(await res.text())).toMatchObject({ appId: app.id, keyIdleMs: 15_000 });
    expect(() => testServer(database, { server: { walletKeyIdleMs: -1 } })).toThrow(
      /walletKeyIdleMs must be a number of ms >= 0/,
    );
  });

  it('serves the page with a strict CSP framed only by the app origins', async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    const res = await get(`${ROUTES.walletFrame(app.id)}?caid=abc&client_id=xyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; " +
        "img-src 'self' data:; frame-ancestors https://app.example.com http://localhost:5173; " +
        "base-uri 'none'; form-action 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Navigations are not CORS requests: no CORS headers on the page.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();

    const html = await res.text();
    expect(configOf(html)).toEqual({
      appId: app.id,
      apiUrl: TEST_PUBLIC_URL,
      allowedOrigins: ORIGINS,
      mode: 'wallet',
    });
    // No inline script or style: every script has a src and is empty; no <style>, no style=.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/wallet-frame\/frame\.[0-9a-f]{16}\.js"/);
      expect(body).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=|javascript:/i);

    // The script URL serves the bundled JavaScript, long-cached.
    const src = scripts[0]![1]!.match(/src="([^"]+)"/)![1]!;
    const js = await get(src);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const code = await js.text();
    expect(code).toContain('latchkey-frame-stub-');
    expect(code).toContain('latchkey-config');
    expect(code).not.toMatch(/^\s*import\s|: number/m); // bundled and type-stripped

    // The stylesheet too.
    const href = html.match(/<link rel="stylesheet" href="([^"]+)">/)![1]!;
    expect(href).toMatch(/^\/wallet-frame\/frame\.[0-9a-f]{16}\.css$/);
    const css = await get(href);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('#123456');
  });

  it('serves the export page in export mode', async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    const res = await get(ROUTES.walletExport(app.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://app.example.com http://localhost:5173;',
    );
    expect(configOf(await res.text()).mode).toBe('export');
  });

  it('serves the key import page in import mode (issue 22 item 4)', async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    const res = await get(ROUTES.walletImport(app.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://app.example.com http://localhost:5173;',
    );
    expect(configOf(await res.text()).mode).toBe('import');
  });

  it("serves the cloud recovery page and its pop-up's return page (issue 23)", async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    await setRecoveryCloudConfig(server.context, app.id, {
      google: {
        clientId: 'c',
        issuer: 'https://issuer.example',
        driveApiUrl: 'https://drive.example/x',
      },
      cloudkit: {
        container: 'iCloud.example.app',
        environment: 'development',
        apiToken: 't',
        apiUrl: 'https://ck.example',
      },
    });
    const cloud = await get(ROUTES.walletCloud(app.id));
    expect(cloud.status).toBe(200);
    const cloudCsp = cloud.headers.get('content-security-policy')!;
    // It calls the user's cloud (Drive, CloudKit) and is framed by the app only.
    expect(cloudCsp).toContain("connect-src 'self' https://drive.example https://ck.example;");
    expect(cloudCsp).toContain('frame-ancestors https://app.example.com http://localhost:5173;');
    expect(cloud.headers.get('cross-origin-opener-policy')).toBeNull();
    // The hidden frame does not call the cloud (it refuses cloud methods from the host).
    const hidden = await get(ROUTES.walletFrame(app.id));
    expect(hidden.headers.get('content-security-policy')).toContain("connect-src 'self';");
    const cloudHtml = await cloud.text();
    expect(configOf(cloudHtml)).toEqual({
      appId: app.id,
      apiUrl: TEST_PUBLIC_URL,
      allowedOrigins: ORIGINS,
      mode: 'cloud',
    });
    expect(cloudHtml).toContain('<title>Latchkey cloud backup</title>');

    const back = await get(
      `${ROUTES.walletCloudReturn(app.id)}?latchkey_oauth_code=c&latchkey_oauth_state=s`,
    );
    expect(back.status).toBe(200);
    const backCsp = back.headers.get('content-security-policy')!;
    // Framed by no one, calls nothing but its own origin; no COOP, so its opener stays.
    expect(backCsp).toContain("frame-ancestors 'none';");
    expect(backCsp).toContain("connect-src 'self';");
    expect(back.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(back.headers.get('referrer-policy')).toBe('no-referrer');
    expect(configOf(await back.text())).toEqual({
      appId: app.id,
      apiUrl: TEST_PUBLIC_URL,
      allowedOrigins: [],
      mode: 'cloud-return',
    });
  });

  it("lets a cross-app provider's pages (the API origin) talk to its wallet frames, not export", async () => {
    const apiOrigin = new URL(TEST_PUBLIC_URL).origin;
    const provider = await server.createApp({ allowedOrigins: ORIGINS });
    const other = await server.createApp({ allowedOrigins: ORIGINS });
    await saveClient(server.context, provider.id, other.id, {
      redirect_uris: ['https://app.example.com/cb'],
      read_only: false,
      confidential: true,
      rotate_secret: false,
    });
    const framed = await get(ROUTES.walletFrame(provider.id));
    expect(configOf(await framed.text()).allowedOrigins).toEqual([...ORIGINS, apiOrigin]);
    expect(framed.headers.get('content-security-policy')).toContain(
      `frame-ancestors https://app.example.com http://localhost:5173 ${apiOrigin};`,
    );
    // Its approval and password pages too (the transact page asks the user there), but not
    // the key export page, and not an app that provides no sign-in.
    for (const path of [ROUTES.walletApprove(provider.id), ROUTES.walletPassword(provider.id)]) {
      const page = await get(path);
      expect(configOf(await page.text()).allowedOrigins, path).toEqual([...ORIGINS, apiOrigin]);
      expect(page.headers.get('content-security-policy')).toContain(
        `frame-ancestors https://app.example.com http://localhost:5173 ${apiOrigin};`,
      );
    }
    for (const path of [ROUTES.walletExport(provider.id), ROUTES.walletImport(provider.id)]) {
      const page = await get(path);
      expect(configOf(await page.text()).allowedOrigins, path).toEqual(ORIGINS);
    }
    const plain = await get(ROUTES.walletFrame(other.id));
    expect(configOf(await plain.text()).allowedOrigins).toEqual(ORIGINS);
    expect(plain.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://app.example.com http://localhost:5173;',
    );
  });

  it('lets no one frame the page of an app without origins', async () => {
    const app = await server.createApp({ allowedOrigins: [] });
    const res = await get(ROUTES.walletFrame(app.id));
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none';");
  });

  it('serves the script Brotli- or gzip-compressed as Accept-Encoding asks, else as is', async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    const html = await (await get(ROUTES.walletFrame(app.id))).text();
    const script = html.match(/src="([^"]+\.js)"/)![1]!;
    const fetchAs = (encoding?: string) =>
      server.app.request(script, encoding ? { headers: { 'accept-encoding': encoding } } : {});
    const plain = await fetchAs();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await plain.arrayBuffer());
    expect(body.length).toBeGreaterThan(0);

    const br = await fetchAs('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.equals(body)).toBe(false);
    expect(brotliDecompressSync(brBody).equals(body)).toBe(true);

    // Brotli refused (q=0): gzip.
    const gz = await fetchAs('br;q=0, gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(body)).toBe(true);

    const identity = await fetchAs('identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await identity.arrayBuffer()).equals(body)).toBe(true);
  });

  it('answers 404 for an unknown app and unknown assets', async () => {
    const res = await get(ROUTES.walletFrame('nosuchapp0000000000000000'));
    expect(res.status).toBe(404);
    expect(apiErrorBody.parse(await res.json()).code).toBe('app_not_found');
    expect((await get(ROUTES.walletExport('nosuchapp0000000000000000'))).status).toBe(404);
    expect((await get('/wallet-frame/frame.0123456789abcdef.js')).status).toBe(404);
    expect((await get('/wallet-frame/..%2Fmain.ts')).status).toBe(404);
  });

  it('rebuilds in development after a frame source changed', async () => {
    const app = await server.createApp({ allowedOrigins: ORIGINS });
    const scriptOf = async () => {
      const html = await (await get(ROUTES.walletFrame(app.id))).text();
      return html.match(/src="([^"]+\.js)"/)![1]!;
    };
    const before = await scriptOf();
    expect(await scriptOf()).toBe(before); // unchanged sources: the cached build
    const helper = join(dir, 'helper.ts');
    await writeFile(helper, 'export const marker = (n: number): string => `rebuilt-stub-${n}`;\n');
    const future = new Date(Date.now() + 60_000);
    await utimes(helper, future, future);
    const after = await scriptOf();
    expect(after).not.toBe(before);
    expect(await (await get(after)).text()).toContain('rebuilt-stub-');
  });

  it.skipIf(!existsSync(DEFAULT_WALLET_FRAME_ENTRY))(
    'bundles the real frame entry of @latchkey/wallet-frame',
    async () => {
      const bundle = await buildWalletFrame(DEFAULT_WALLET_FRAME_ENTRY);
      expect(bundle.script.body.length).toBeGreaterThan(1000);
      expect(bundle.script.body).toContain('latchkey-config');
      // CSP: no unsafe-eval. The one `new Function` allowed is wasm-bindgen's glue in
      // @serenity-kit/opaque (issue 24): its global-object fallback, never reached where
      // `globalThis` exists; without 'unsafe-eval' it could not run anyway.
      const glue =
        /__wbg_new_no_args_[0-9a-f]+:function\(\w+,\w+\)\{return new Function\(\w+\(\w+,\w+\)\)\}/g;
      expect(bundle.script.body).toMatch(glue);
      expect(bundle.script.body.replace(glue, '')).not.toMatch(/\beval\(|new Function\(/);
    },
  );

  it('escapes the config for the attribute', () => {
    expect(escapeHtml(`{"a":"<b>&'"}`)).toBe('{&quot;a&quot;:&quot;&lt;b&gt;&amp;&#39;&quot;}');
  });
});
