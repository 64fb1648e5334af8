/**
 * PGlite on its own thread (issue 13). PGlite runs PostgreSQL compiled to WASM on the thread
 * that calls it, and the server's profiles on PGlite spent 43-62 % of their single busy core
 * inside it, while HTTP, JSON and token signing waited on the same thread. Here PGlite lives in
 * a `worker_threads` Worker (`pglite-worker-thread.ts`) and the main thread gets a client with
 * the two calls drizzle-orm's PGlite session makes (`query`, `transaction`): each query is one
 * message there and one back (structured clone), so the database and the HTTP work run on two
 * cores. Semantics are PGlite's own: one statement at a time, and a transaction holds PGlite's
 * lock until it ends (other queries wait for it, as in process).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DRIZZLE_TEXT_PARSERS } from './pglite-client.ts';

/** A message to the worker thread (see `pglite-worker-thread.ts`). */
export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** The worker's answer to request `id` (id 0: started). */
export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** PGlite on a worker thread, as Drizzle's PGlite driver sees it. */
export interface PgliteWorker {
  /** Give to `drizzle({ client })`: answers `query` and `transaction` only. */
  client: PGlite;
  /** True once {@link close} was called or the worker stopped. */
  readonly closed: boolean;
  /** Closes PGlite (flushing its files) and stops the thread. Safe to call twice. */
  close(): Promise<void>;
}

/** Path of tsx's ESM API (its `register()`), from tsx's own exports map. */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: { './esm/api': { import: { default: string } } };
  };
  return join(dirname(manifest), exports['./esm/api'].import.default);
}

/**
 * Starts the worker's entry: the built `pglite-worker-thread.js` beside this module, or in the
 * workspace the source `.ts` through tsx's loader, registered in the thread (a worker does not
 * inherit loaders registered with `--import`).
 */
function spawnWorker(dataDir: string | undefined): Worker {
  const options = { workerData: { dataDir } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(
      fileURLToPath(new URL('./pglite-worker-thread.js', import.meta.url)),
      options,
    );
  }
  const entry = new URL('./pglite-worker-thread.ts', import.meta.url).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Starts PGlite (in `dataDir`, or in memory) on a worker thread, with Drizzle's text parsers
 * as its own (see `pglite-client.ts`).
 *
 * @returns once PGlite is ready (a first start in a folder runs initdb, seconds).
 * @throws what PGlite's start throws, or when the thread exits before it is ready.
 */
export async function startPgliteWorker(dataDir?: string): Promise<PgliteWorker> {
  const worker = spawnWorker(dataDir);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let stopped: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (response: WorkerResponse) => {
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if (response.ok) waiter.resolve(response.result);
    else waiter.reject(Object.assign(new Error(String(response.error.message)), response.error));
  });
  const fail = (error: Error) => {
    stopped = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  // The message in-process PGlite gives once closed: requests then answer 503 (`unavailable.ts`).
  worker.on('exit', (code) => fail(new Error(`PGlite is closed (its thread exited with ${code})`)));

  const call = <T>(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const query =
    (tx?: number) =>
    <T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      // Parsers are functions and cannot cross threads: only Drizzle's, which the worker's
      // PGlite has as its own, are accepted.
      for (const oid of Object.keys(options?.parsers ?? {})) {
        if (!(oid in DRIZZLE_TEXT_PARSERS)) {
          return Promise.reject(new Error(`parser for type ${oid} not available on the worker`));
        }
      }
      return call<Results<T>>({
        op: 'query',
        sql,
        params,
        rowMode: options?.rowMode ?? 'object',
        ...(tx === undefined ? {} : { tx }),
      });
    };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const tx = await call<number>({ op: 'begin' });
    const handle = { query: query(tx) } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await call({ op: 'end', tx, commit: false });
      throw error;
    }
    await call({ op: 'end', tx, commit: true });
    return result;
  };

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    client: { query: query(), transaction } as unknown as PGlite,
    get closed() {
      return stopped !== null || closing !== null;
    },
    close() {
      closing ??= call({ op: 'close' })
        .then(() => {
          stopped ??= new Error('PGlite is closed');
        })
        .catch(() => {})
        .then(() => worker.terminate())
        .then(() => {});
      return closing;
    },
  };
}
