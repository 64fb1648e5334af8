/**
 * The packed server alone (issue 12 item 3): `@latchkey/server` and `@latchkey/api` tarballs
 * installed with `npm install` into an empty folder and run with plain `node`, as an outside
 * operator (or the Dockerfile) does: no tsx, no esbuild, no test tools installed;
 * `latchkey migrate`, `latchkey apps create`, then `latchkey serve` answers /healthz, /readyz,
 * the CLI-created app's wallet frame page and its prebuilt, content-hashed script, and the app's
 * OpenID Connect discovery (issue 21: `oidc-provider` is a runtime dependency, imported lazily);
 * with a second app allowed by `latchkey cross-app allow`, the requester's connections listing
 * and the provider's transact page with its prebuilt script (the page a requester's users
 * approve signatures on, which must ship in the tarball).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { freePort } from '../harness.ts';
import { installed, sh, start, tarball, tempFolder } from './tarballs.ts';

const folder = tempFolder('packed-server');
after(() => folder.cleanup());

test(
  'the packed server installs alone and runs with plain node',
  { timeout: 600_000 },
  async () => {
    const dir = folder.dir;
    await sh('npm', ['init', '-y'], dir);
    await sh('npm', ['install', '--omit=dev', tarball('api'), tarball('server')], dir);
    for (const devOnly of ['tsx', 'esbuild', 'openid-client', 'typescript', 'vitest']) {
      assert.equal(installed(dir, devOnly), false, `${devOnly} is not a runtime dependency`);
    }

    const bin = path.join(dir, 'node_modules', '.bin', 'latchkey');
    const env = {
      LATCHKEY_DATA_DIR: path.join(dir, 'data'),
      LATCHKEY_SECRET: 'packed-server-test-secret-0123456789abcdef',
    };
    const migrated = await sh('node', [bin, 'migrate'], dir, { env });
    assert.match(migrated, /migration/i, 'latchkey migrate reports the migrations');

    const created = await sh(
      'node',
      [bin, 'apps', 'create', '--name', 'Packed', '--origin', 'http://localhost:5173'],
      dir,
      { env },
    );
    const appId = /id:\s+([a-z0-9]{25})/.exec(created)?.[1];
    assert.ok(appId, `apps create printed an id:\n${created}`);
    // A requester app allowed to use the first app's accounts (issue 21).
    const requesterOrigin = 'http://localhost:5174';
    const requesterCreated = await sh(
      'node',
      [bin, 'apps', 'create', '--name', 'Requester', '--origin', requesterOrigin],
      dir,
      { env },
    );
    const requesterId = /id:\s+([a-z0-9]{25})/.exec(requesterCreated)?.[1];
    assert.ok(requesterId, `apps create printed an id:\n${requesterCreated}`);
    const allowed = await sh(
      'node',
      [
        bin,
        'cross-app',
        'allow',
        appId,
        requesterId,
        '--redirect-uri',
        `${requesterOrigin}/callback`,
      ],
      dir,
      { env },
    );
    assert.match(allowed, /saved/, allowed);

    const port = await freePort();
    const server = start('node', [bin, 'serve'], dir, {
      ...env,
      PORT: String(port),
      // Production mode needs a code delivery; it is not contacted by these requests.
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      await server.waitFor('Latchkey API listening on');
      const base = `http://localhost:${port}`;
      const health = await fetch(`${base}/healthz`);
      assert.equal(health.status, 200);
      const ready = await fetch(`${base}/readyz`);
      assert.equal(ready.status, 200, await ready.text());

      const page = await fetch(`${base}/apps/${appId}/embedded-wallets`);
      assert.equal(page.status, 200);
      assert.match(
        page.headers.get('content-security-policy') ?? '',
        /frame-ancestors http:\/\/localhost:5173/,
      );
      const html = await page.text();
      const script = /src="(\/wallet-frame\/frame\.[0-9a-f]{16}\.js)"/.exec(html)?.[1];
      assert.ok(script, `the page links the prebuilt frame script:\n${html}`);
      const asset = await fetch(`${base}${script}`);
      assert.equal(asset.status, 200);
      assert.match(asset.headers.get('content-type') ?? '', /javascript/);
      assert.ok((await asset.arrayBuffer()).byteLength > 10_000, 'the frame script has content');

      // The app as an OpenID Connect provider (cross-app accounts, issue 21).
      const discovery = await fetch(
        `${base}/api/v1/apps/${appId}/oidc/.well-known/openid-configuration`,
      );
      assert.equal(discovery.status, 200, await discovery.clone().text());
      const metadata = (await discovery.json()) as Record<string, unknown>;
      assert.equal(metadata.issuer, `${base}/api/v1/apps/${appId}/oidc`);
      assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
      const jwks = (await (await fetch(String(metadata.jwks_uri))).json()) as {
        keys: { alg: string }[];
      };
      assert.deepEqual(
        jwks.keys.map((k) => k.alg),
        ['ES256'],
      );

      // The requester lists the provider; the provider's transact page (its prebuilt bundle)
      // answers the requester's origin and refuses another.
      const listing = (await (
        await fetch(`${base}/api/v1/apps/${requesterId}/cross-app/connections`)
      ).json()) as { connections: { provider_app_id: string; provider_app_name: string }[] };
      assert.deepEqual(
        listing.connections.map((c) => [c.provider_app_id, c.provider_app_name]),
        [[appId, 'Packed']],
      );
      const transactPath = (origin: string) =>
        `${base}/api/v1/apps/${appId}/oidc/transact?${new URLSearchParams({
          client_id: requesterId,
          origin,
        })}`;
      const transact = await fetch(transactPath(requesterOrigin));
      const transactHtml = await transact.text();
      assert.equal(transact.status, 200, transactHtml);
      assert.match(transact.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      const pageScript = /src="([^"]*\/crossapp-page\/crossapp-page\.[0-9a-f]{16}\.js)"/.exec(
        transactHtml,
      )?.[1];
      assert.ok(pageScript, `the transact page links the prebuilt page script:\n${transactHtml}`);
      const pageAsset = await fetch(new URL(pageScript, base));
      assert.equal(pageAsset.status, 200);
      assert.match(pageAsset.headers.get('content-type') ?? '', /javascript/);
      assert.ok((await pageAsset.arrayBuffer()).byteLength > 10_000, 'the page script has content');
      const foreign = await fetch(transactPath('https://evil.example'));
      assert.equal(foreign.status, 403);
      assert.match(await foreign.text(), /Invalid connected app/);

      // Structured request logs: one JSON line per request, with the route and status.
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.ok(
        lines.some(
          (l) => JSON.stringify(l).includes('/healthz') && JSON.stringify(l).includes('200'),
        ),
        `a JSON log line for GET /healthz:\n${server.output()}`,
      );
    } finally {
      await server.stop();
    }
  },
);
