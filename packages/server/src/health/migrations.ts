/**
 * Which of this version's SQL migrations a database has applied (issue 12, server as a
 * product): read by `GET /readyz` and `latchkey migrate`.
 *
 * The expected list is drizzle's own (`readMigrationFiles`, the list its migrator applies, read
 * once); the applied list is drizzle's bookkeeping table `drizzle.__drizzle_migrations`, where
 * the migrator records each migration it runs with `created_at` = the journal entry's `when`
 * (ms). A migration counts as applied when a row carries its `when`, as drizzle's migrator
 * itself decides (it compares times, not hashes, so an edited SQL file is not "pending").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';

/** Drizzle's bookkeeping table (drizzle-orm's pg dialect `migrate()`; default schema and name). */
const drizzleSchema = pgSchema('drizzle');
const drizzleMigrations = drizzleSchema.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** One migration of the journal (`drizzle/meta/_journal.json`). */
export interface JournalMigration {
  /** The file name without `.sql`, e.g. `0007_worried_kingpin`. */
  tag: string;
  /** The journal's `when`: ms since the epoch, stored by drizzle as `created_at`. */
  folderMillis: number;
  /** SHA-256 (hex) of the SQL file, as drizzle's migrator computes it. */
  hash: string;
}

/**
 * Reads the migrations of `folder` in journal order, through drizzle's `readMigrationFiles`
 * (which reads every SQL file and hashes it), with each one's tag from the journal. Read it
 * once per process: it touches the disk.
 *
 * @param folder a drizzle-kit output folder (`MIGRATIONS_FOLDER`).
 * @throws Error when the journal or one of its SQL files is missing or unreadable.
 */
export function readJournal(folder: string): JournalMigration[] {
  const files = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return files.map((file, i) => ({
    tag: journal.entries[i]?.tag ?? `#${i}`,
    folderMillis: file.folderMillis,
    hash: file.hash,
  }));
}

/** What {@link migrationStatus} finds. */
export interface MigrationStatus {
  /** Migrations of this version's journal (its length). */
  expected: number;
  /** Journal migrations the database has applied. */
  applied: number;
  /** Journal migrations not applied, in journal order (empty when up to date). */
  pending: JournalMigration[];
  /**
   * The most recent row of the bookkeeping table, with its journal tag when this version knows
   * it (a newer version may have applied migrations this one has not heard of); undefined when
   * nothing was applied.
   */
  latest?: { folderMillis: number; tag?: string };
}

/**
 * Compares the database's applied migrations with `journal`. Two small queries: whether the
 * bookkeeping table exists (`to_regclass`, so a never-migrated database reports everything
 * pending instead of failing), then its `created_at` column.
 *
 * @throws the driver's error when the database cannot be queried.
 */
export async function migrationStatus(
  db: Db,
  journal: readonly JournalMigration[],
): Promise<MigrationStatus> {
  const found = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const present = (found as unknown as { rows: { present: boolean }[] }).rows[0]?.present;
  const rows = present
    ? await db.select({ createdAt: drizzleMigrations.createdAt }).from(drizzleMigrations)
    : [];
  const appliedTimes = new Set(rows.map((r) => Number(r.createdAt)));
  const pending = journal.filter((m) => !appliedTimes.has(m.folderMillis));
  const latestTime = rows.length > 0 ? Math.max(...appliedTimes) : undefined;
  return {
    expected: journal.length,
    applied: journal.length - pending.length,
    pending,
    latest:
      latestTime === undefined
        ? undefined
        : {
            folderMillis: latestTime,
            tag: journal.find((m) => m.folderMillis === latestTime)?.tag,
          },
  };
}
