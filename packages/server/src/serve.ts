import type { AddressInfo } from 'node:net';
import { serve as nodeServe } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

/** A running HTTP server. */
export interface RunningServer {
  /** The port actually bound (useful with `port: 0`). */
  port: number;
  /** Stops accepting connections and closes idle ones. */
  close(): Promise<void>;
}

/**
 * Serves a Hono app on Node's HTTP server via @hono/node-server.
 *
 * @param options `{ app, port (0 = any free port), hostname? (default all interfaces) }`.
 * @returns once listening.
 */
export function serve(options: {
  app: Hono<AppEnv>;
  port: number;
  hostname?: string;
}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = nodeServe(
      { fetch: options.app.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              if ('closeIdleConnections' in server) server.closeIdleConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
