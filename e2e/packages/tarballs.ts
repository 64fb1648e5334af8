/**
 * Helpers of the package specs (issue 12 items 2 and 3): they install what `npm pack` made of
 * the published packages into fresh folders outside the repository and run them as an outside
 * developer would, with plain `node` and no workspace settings.
 *
 * `run.ts` builds and packs once and hands the folder to the specs in `LATCHKEY_PACKS_DIR`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The packed tarball of `@latchkey/<name>` (e.g. 'server'). @throws Error when missing. */
export function tarball(name: string): string {
  const dir = process.env.LATCHKEY_PACKS_DIR;
  if (!dir) throw new Error('LATCHKEY_PACKS_DIR is not set: run the package specs through run.ts');
  const file = readdirSync(dir).find(
    (f) => f.startsWith(`latchkey-${name}-`) && f.endsWith('.tgz'),
  );
  if (!file) throw new Error(`no tarball of @latchkey/${name} in ${dir}`);
  return path.join(dir, file);
}

/**
 * The environment of an outside app: this process's, minus the workspace's own settings (the
 * `@latchkey/source` condition in NODE_OPTIONS, npm's per-project config) and anything that
 * would make the server talk to real services.
 */
export function outsideEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(npm_|NODE_OPTIONS$|INIT_CWD$|SMTP_|DATABASE_URL$|LATCHKEY_|TWILIO_)/i.test(k)) continue;
    env[k] = v;
  }
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** A fresh folder under the system temp dir, removed by `cleanup()`. */
export function tempFolder(label: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `latchkey-${label}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs `command args` in `cwd` with the outside env; resolves with stdout.
 * @throws Error with the command's stdout and stderr when it exits non-zero or times out.
 */
export async function sh(
  command: string,
  args: string[],
  cwd: string,
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  try {
    const { stdout } = await exec(command, args, {
      cwd,
      env: outsideEnv(options.env),
      timeout: options.timeoutMs ?? 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`,
      { cause: error },
    );
  }
}

/** A long-running process of a spec, with its output so far and a stop that waits for exit. */
export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves once `text` appears in the output. @throws Error on exit or after `timeoutMs`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `command args` in `cwd` with the outside env (its own process group). */
export function start(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Running {
  const child = spawn(command, args, {
    cwd,
    env: outsideEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  process.once('exit', () => kill('SIGKILL'));
  return {
    child,
    output: () => out,
    async waitFor(text, timeoutMs = 120_000) {
      const found = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      const deadline = Date.now() + timeoutMs;
      while (!found()) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`${command} exited before printing ${String(text)}:\n${out}`);
        }
        if (Date.now() > deadline)
          throw new Error(`no ${String(text)} after ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** True when `pkg` is installed anywhere under `dir/node_modules` (top level or nested). */
export function installed(dir: string, pkg: string): boolean {
  return existsSync(path.join(dir, 'node_modules', pkg, 'package.json'));
}
