import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverAppConfig } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/anvil.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  const clean = { ...process.env };
  for (const key of Object.keys(clean)) {
    if (key.startsWith('LATCHKEY_') || key === 'DATABASE_URL' || key.startsWith('SMTP_'))
      delete clean[key];
  }
  // `node --import tsx`, not the `tsx` command: SIGTERM then reaches the server's own handler
  // instead of a parent relaying it (through which an exit was at times 143, session 39).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

describe('main.ts', () => {
  it('refuses to start without LATCHKEY_DEV and without SMTP_URL', async () => {
    const p = run({ PORT: String(await freePort()) });
    expect(await p.exit).toBe(1);
    expect(p.output()).toMatch(/SMTP_URL/);
  });

  it('starts in dev mode, serves the seeded app and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-main-'));
    const port = await freePort();
    const p = run({ PORT: String(port), LATCHKEY_DEV: '1', LATCHKEY_DATA_DIR: dir });
    try {
      const deadline = Date.now() + 60_000;
      while (!p.output().includes('Latchkey API listening')) {
        if (Date.now() > deadline || p.child.exitCode !== null) throw new Error(p.output());
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(p.output().trim().split('\n')).toContain(
        `Latchkey API listening on http://localhost:${port}`,
      );
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/apps/latchkeydemo0000000000000`);
      const config = serverAppConfig.parse(await res.json());
      expect(config).toMatchObject({ name: 'Latchkey Demo', email_auth: true });
      // The dev app has an admin secret in <data dir>/dev-app-secret (mode 0600), which works.
      const secretFile = join(dir, 'dev-app-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      const appSecret = readFileSync(secretFile, 'utf8').trim();
      const admin = await fetch(
        `http://127.0.0.1:${port}/api/v1/admin/apps/latchkeydemo0000000000000`,
        {
          headers: {
            authorization: `Basic ${Buffer.from(`latchkeydemo0000000000000:${appSecret}`).toString('base64')}`,
          },
        },
      );
      expect(admin.status).toBe(200);
      expect(((await admin.json()) as { allowed_origins: string[] }).allowed_origins).toEqual([
        'http://localhost:5173',
      ]);
      p.child.kill('SIGTERM');
      expect(await p.exit).toBe(0);
    } finally {
      p.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
