/**
 * Group commit of refresh rotations (issue 13). On PostgreSQL a refresh was one statement, yet
 * the cost per statement (protocol encoding and decoding, a socket write per statement, and
 * PostgreSQL's own per-statement and commit work) dominated the refresh path. Here the
 * rotations of concurrent refreshes share statements:
 *
 * - A rotation asked for while no batch is in flight runs at once, alone, as the single-row
 *   `rotatePresented` of `queries.ts` (no added latency at low load, the same statement as
 *   before).
 * - Rotations asked for while a batch is in flight queue; when it finishes, the queued ones go
 *   together as the next batch (at most {@link DEFAULT_MAX_BATCH}), in ONE statement
 *   (`rotateMany`: an `UPDATE ... FROM unnest(...)` joined with the users and their accounts).
 *   At most one batch is in flight per database handle.
 * - A batch holds each session once: a second rotation of a session already in the batch (or
 *   in flight) waits for a later batch, where it finds its token no longer live (the session
 *   was just rotated) and the caller takes the grace path, as a concurrent use did before
 *   batching when it waited for the row lock.
 * - Every condition of the single-row rotation holds per entry (the presented token is the
 *   session's live one, unexpired at that request's own clock, of a live session of that
 *   request's app): a batch changes how many statements run, not what a rotation may do.
 * - A batch's input is sorted by session id. A batch refused as a deadlock (40P01) or a
 *   serialization failure (40001), against another process's batch or another multi-row
 *   statement, changed nothing (one statement, rolled back whole): each of its rotations then
 *   runs again alone, so no refresh fails because of batching. Any other error (a lost
 *   connection) is every rotation's of the batch, as it would have been each one's alone.
 */
import type { UserWire } from '@latchkey/api';
import type { Db } from '../db/index.ts';
import { type UserJoinRow, userWireOf } from '../users/service.ts';
import { sessionQueries } from './queries.ts';

/** Most rotations in one batch statement: 128. */
export const DEFAULT_MAX_BATCH = 128;

/**
 * One rotation asked for: replace `sessionId`'s live refresh token, when its SHA-256 hex is
 * `tokenHash`, by the one hashing to `successorHash`, if unexpired at `now` and the session is
 * a live one of `appId`. `now` and `expires` (the successor's expiry) are ISO 8601 times.
 */
export interface RotationInput {
  sessionId: string;
  tokenHash: string;
  successorHash: string;
  appId: string;
  now: string;
  expires: string;
}

/** A row of a rotation statement: the rotated session, its user and one of its accounts. */
export interface RotationRow extends UserJoinRow {
  sessionId: string;
  userId: string;
  dpopJkt: string | null;
}

/** What a rotation that happened answers: the session, and its user's wire form. */
export interface Rotated {
  sessionId: string;
  userId: string;
  /** The session's wallet frame key thumbprint (RFC 7638), or null for an unbound session. */
  dpopJkt: string | null;
  /** The user's wire form; undefined when the user row is gone. */
  user: UserWire | undefined;
}

/** The two statements a {@link RotateBatcher} runs. */
export interface RotationStatements {
  /** One rotation (`rotatePresented`): the rows of the rotated session, none if it did not. */
  one(input: RotationInput): Promise<RotationRow[]>;
  /**
   * Several rotations of distinct sessions, sorted by session id, in one statement
   * (`rotateMany`): the rows of every rotated session, ordered by session id.
   */
  many(inputs: readonly RotationInput[]): Promise<RotationRow[]>;
}

/** Options of a {@link RotateBatcher}. */
export interface RotateBatcherOptions {
  /** Most rotations in one batch (default {@link DEFAULT_MAX_BATCH}); a positive integer. */
  maxBatch?: number;
}

interface Pending {
  input: RotationInput;
  resolve(rotated: Rotated | undefined): void;
  reject(error: unknown): void;
}

/** SQLSTATEs after which a batch runs again one rotation at a time: deadlock, serialization. */
const RETRY_ALONE_SQLSTATE = new Set(['40P01', '40001']);

/**
 * Whether `error` (or its `cause` chain: drizzle wraps driver errors in `DrizzleQueryError`)
 * is PostgreSQL's deadlock (40P01) or serialization failure (40001).
 */
export function isLockConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; e && typeof e === 'object' && !seen.has(e);) {
    seen.add(e);
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRY_ALONE_SQLSTATE.has(code)) return true;
    e = cause;
  }
  return false;
}

/** The {@link Rotated} answer of one session's rows, or undefined when there are none. */
function rotatedOf(rows: readonly RotationRow[]): Rotated | undefined {
  const [row] = rows;
  return (
    row && {
      sessionId: row.sessionId,
      userId: row.userId,
      dpopJkt: row.dpopJkt,
      user: userWireOf(rows),
    }
  );
}

/**
 * Batches the refresh rotations of one database handle (issue 13; see the module comment).
 * Use {@link rotationBatcher} for a handle's own; construct one directly only to run other
 * {@link RotationStatements} (tests).
 */
export class RotateBatcher {
  readonly #statements: RotationStatements;
  readonly #maxBatch: number;
  #queue: Pending[] = [];
  #busy = false;

  /**
   * @param statements the statements to run.
   * @param options batch size cap.
   * @throws Error when `maxBatch` is not a positive integer.
   */
  constructor(statements: RotationStatements, options: RotateBatcherOptions = {}) {
    const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    if (!Number.isInteger(maxBatch) || maxBatch < 1) {
      throw new Error(`maxBatch must be a positive integer, got ${maxBatch}`);
    }
    this.#statements = statements;
    this.#maxBatch = maxBatch;
  }

  /** Whether a batch is in flight (for tests and diagnostics). */
  get busy(): boolean {
    return this.#busy;
  }

  /** How many rotations wait for the next batch (for tests and diagnostics). */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Rotates `input.sessionId`'s refresh token as the single-row `rotatePresented` does, in
   * the next batch: at once when no batch is in flight.
   *
   * @returns the session and its user when this call rotated the token; undefined when it did
   *   not (the token is not the session's live one, maybe rotated a moment ago by a concurrent
   *   use, or expired, or the session is revoked, gone or another app's).
   * @throws the driver's error when the statement fails (a lost connection: answered 503),
   *   except a deadlock or serialization failure of a batch, which runs again alone.
   */
  rotate(input: RotationInput): Promise<Rotated | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  /** Starts the next batch when none is in flight and rotations wait. */
  #pump(): void {
    if (this.#busy || this.#queue.length === 0) return;
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const ids = new Set<string>();
    for (const pending of this.#queue) {
      const id = pending.input.sessionId;
      if (batch.length < this.#maxBatch && !ids.has(id)) {
        ids.add(id);
        batch.push(pending);
      } else {
        rest.push(pending);
      }
    }
    this.#queue = rest;
    this.#busy = true;
    void this.#run(batch)
      // #run settles each rotation itself; this only guards against a fault of its own.
      .catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      })
      .finally(() => {
        this.#busy = false;
        this.#pump();
      });
  }

  /** Runs one batch (distinct session ids) and settles each of its rotations. */
  async #run(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      await this.#runAlone(batch[0]!);
      return;
    }
    // A consistent order of the rows the statement locks (by primary key), like every batch.
    batch.sort((a, b) =>
      a.input.sessionId < b.input.sessionId ? -1 : a.input.sessionId > b.input.sessionId ? 1 : 0,
    );
    let rows: RotationRow[];
    try {
      rows = await this.#statements.many(batch.map((pending) => pending.input));
    } catch (error) {
      if (isLockConflict(error)) {
        // The statement was rolled back whole: each rotation again, alone (one row each,
        // so no lock cycle among them).
        await Promise.all(batch.map((pending) => this.#runAlone(pending)));
        return;
      }
      for (const pending of batch) pending.reject(error);
      return;
    }
    const bySession = new Map<string, RotationRow[]>();
    for (const row of rows) {
      const run = bySession.get(row.sessionId);
      if (run) run.push(row);
      else bySession.set(row.sessionId, [row]);
    }
    for (const pending of batch) {
      try {
        pending.resolve(rotatedOf(bySession.get(pending.input.sessionId) ?? []));
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /** Runs one rotation by the single-row statement and settles it. */
  async #runAlone(pending: Pending): Promise<void> {
    try {
      pending.resolve(rotatedOf(await this.#statements.one(pending.input)));
    } catch (error) {
      pending.reject(error);
    }
  }
}

/**
 * The rotation statements of `db`: `rotatePresented` and `rotateMany` of `queries.ts`
 * (prepared once per handle). `many` passes the inputs as parallel arrays.
 */
export function rotationStatements(db: Db): RotationStatements {
  const { rotatePresented, rotateMany } = sessionQueries(db);
  return {
    one: (input) => rotatePresented.execute({ ...input }),
    many: (inputs) =>
      rotateMany.execute({
        sessionIds: inputs.map((i) => i.sessionId),
        tokenHashes: inputs.map((i) => i.tokenHash),
        successorHashes: inputs.map((i) => i.successorHash),
        appIds: inputs.map((i) => i.appId),
        nows: inputs.map((i) => i.now),
        expires: inputs.map((i) => i.expires),
      }),
  };
}

const batchers = new WeakMap<Db, RotateBatcher>();

/**
 * The refresh rotation batcher of `db` (issue 13), made on first use over
 * {@link rotationStatements} and kept as long as the handle lives: one per handle, so at most
 * one batch statement of a handle is in flight.
 */
export function rotationBatcher(db: Db): RotateBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new RotateBatcher(rotationStatements(db));
    batchers.set(db, batcher);
  }
  return batcher;
}
