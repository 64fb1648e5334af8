/**
 * Test helpers shared by the packages' suites: a free loopback port and a real anvil chain
 * (the binary from the `@foundry-rs/anvil` npm package), stopped with its whole process group
 * so no anvil outlives a test file.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ANVIL_BIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules',
  '.bin',
  'anvil',
);

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running anvil. */
export interface TestAnvil {
  /** http://127.0.0.1:<port> */
  rpcUrl: string;
  chainId: number;
  /** Stops anvil and its wrapper (SIGTERM to the process group, SIGKILL after 3 s). */
  stop(): Promise<void>;
}

/**
 * Starts anvil on a free port and resolves once it answers `eth_chainId`.
 * @param options.chainId default 31337.
 * @throws Error when anvil exits or does not answer within 30 s.
 */
export async function startAnvil(options: { chainId?: number } = {}): Promise<TestAnvil> {
  const chainId = options.chainId ?? 31337;
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    ANVIL_BIN,
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 3_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return { rpcUrl, chainId, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('anvil did not answer within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
