/**
 * In-frame timings of the wallet handlers (issue 13 item 3), for `npm run bench:wallet`.
 *
 * Each timed step is appended to a bounded list ({@link TIMING_LIMIT} entries, oldest dropped)
 * that the bench reads in the frame (`globalThis.__latchkeyFrameTimings`, same-origin only:
 * the host page cannot read the frame's globals). Entries hold step names and durations in ms,
 * never key material.
 */

/** One timed step: `name` (e.g. `rpc`, `rpc.share-fetch`), its duration in ms. */
export interface TimingEntry {
  name: string;
  /** Duration in ms (`performance.now()` resolution). */
  ms: number;
}

/** Most entries kept; older ones are dropped so a long-lived frame does not grow. */
export const TIMING_LIMIT = 2000;

const GLOBAL_KEY = '__latchkeyFrameTimings';

function list(): TimingEntry[] {
  const g = globalThis as unknown as Record<string, TimingEntry[] | undefined>;
  return (g[GLOBAL_KEY] ??= []);
}

/** Appends one entry of `ms` milliseconds under `name`. */
export function recordTiming(name: string, ms: number): void {
  const entries = list();
  entries.push({ name, ms });
  if (entries.length > TIMING_LIMIT) entries.splice(0, entries.length - TIMING_LIMIT);
}

/** Runs `step` and records its duration in ms under `name` (also when it throws). */
export async function timed<T>(name: string, step: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await step();
  } finally {
    recordTiming(name, performance.now() - start);
  }
}

/** The entries recorded so far (a copy), oldest first. */
export function timings(): TimingEntry[] {
  return [...list()];
}
