/**
 * The worker-thread side of {@link import('./pglite-worker.ts').startPgliteWorker}: owns the
 * PGlite instance and answers the main thread's messages (issue 13). Not imported by anything;
 * started as a `Worker` with `workerData: { dataDir }`.
 *
 * Messages in ({@link WorkerRequest}), each answered once with `{ id, ok, result | error }`:
 * - `query`: the rows of `sql` with `params` (`rowMode` as PGlite's), on the open transaction
 *   `tx` if given, run by {@link preparedStatements} (a data statement is kept prepared);
 * - `begin`: opens a PGlite transaction and answers its id once it holds PGlite's lock;
 * - `end`: commits (`commit: true`) or rolls back transaction `tx`, answered when done;
 * - `close`: closes PGlite.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { DRIZZLE_TEXT_PARSERS } from './pglite-client.ts';
import { preparedStatements } from './pglite-prepared.ts';
import type { WorkerRequest, WorkerResponse } from './pglite-worker.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker-thread.ts runs only as a worker thread');
const { dataDir } = workerData as { dataDir?: string };

const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
const query = preparedStatements(pglite);
/** An open transaction: its handle, how to end it, and the promise that settles when it has. */
interface OpenTransaction {
  tx: Transaction;
  /** Resolves the callback's promise: PGlite commits. */
  commit: () => void;
  /** Rejects the callback's promise: PGlite rolls back. */
  rollback: (reason: unknown) => void;
  /** `pglite.transaction()`'s promise. */
  done: Promise<void>;
}
const open = new Map<number, OpenTransaction>();
let nextTx = 0;
/** The reason a rollback asked for by the main thread is given (and then expected back). */
const ROLLED_BACK = new Error('rolled back');

/** What crosses the thread boundary of an error: its message and PostgreSQL's fields. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

const answer = (response: WorkerResponse) => port.postMessage(response);

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
      if (!target) throw new Error(`transaction ${request.tx} is not open`);
      const result: Results = await query(
        target,
        request.sql,
        request.params,
        { rowMode: request.rowMode },
        request.tx !== undefined,
      );
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'begin': {
      // The callback holds PGlite's transaction lock until `end` settles its promise.
      let began!: (entry: Omit<OpenTransaction, 'done'>) => void;
      const entered = new Promise<Omit<OpenTransaction, 'done'>>((resolve) => (began = resolve));
      const done = pglite.transaction(
        (tx) => new Promise<void>((commit, rollback) => began({ tx, commit, rollback })),
      );
      done.catch(() => {}); // Awaited by `end`; a rollback rejects it by design.
      const entry = await Promise.race([
        entered,
        done.then(() => Promise.reject(new Error('transaction ended before it began'))),
      ]);
      const id = ++nextTx;
      open.set(id, { ...entry, done });
      return id;
    }
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error(`transaction ${request.tx} is not open`);
      open.delete(request.tx);
      // PGlite commits when the callback's promise resolves (a failed COMMIT rejects `done`)
      // and rolls back when it rejects; `done` settles once its lock is released.
      if (request.commit) {
        entry.commit();
        await entry.done;
      } else {
        entry.rollback(ROLLED_BACK);
        await entry.done.catch((error: unknown) => {
          if (error !== ROLLED_BACK) throw error;
        });
      }
      return null;
    }
    case 'close':
      for (const entry of open.values()) entry.rollback(new Error('closing'));
      open.clear();
      await pglite.close();
      return null;
  }
}

await pglite.waitReady;
// As in `createPgliteForDrizzle`: after start, so PGlite's array-type parsers don't replace them.
Object.assign(pglite.parsers, DRIZZLE_TEXT_PARSERS);
port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => answer({ id: request.id, ok: true, result }),
    (error: unknown) => answer({ id: request.id, ok: false, error: errorFields(error) }),
  );
});
answer({ id: 0, ok: true, result: 'ready' });
