import type { OutboxMessage } from '@latchkey/api';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { devOutbox } from '../db/schema.ts';
import type { Delivery, DeliveryMessage } from './types.ts';

/**
 * What `GET /dev/outbox` lists: the messages a development outbox delivered, newest last.
 */
export interface DevOutbox {
  /**
   * The delivered messages, oldest first; with `to`, only those to exactly that destination
   * (the route passes its `?to=` trimmed and in lower case; destinations are stored normalised).
   */
  list(to?: string): Promise<OutboxMessage[]>;
}

/**
 * Development delivery: stores every message in the `dev_outbox` table, read back through
 * `GET /dev/outbox` (design.md, "The stack"). Every process on the same database sees every
 * message (a code sent through one server, read through another). Never use in production.
 *
 * @param now clock in ms (defaults to Date.now) used for `sentAt`.
 */
export function devOutboxDelivery(db: Db, now: () => number = Date.now): Delivery {
  return {
    async send(message) {
      await db.insert(devOutbox).values({ ...message, sentAt: new Date(now()) });
    },
  };
}

/** The `dev_outbox` table as a {@link DevOutbox} (what {@link devOutboxDelivery} wrote). */
export function tableOutbox(db: Db): DevOutbox {
  return {
    async list(to) {
      const rows = await db
        .select()
        .from(devOutbox)
        .where(to ? eq(devOutbox.to, to) : undefined)
        .orderBy(asc(devOutbox.id));
      return rows.map((m) => ({
        to: m.to,
        channel: m.channel,
        subject: m.subject,
        text: m.text,
        code: m.code,
        sentAt: m.sentAt.toISOString(),
      }));
    },
  };
}

/** How many messages {@link memoryOutboxDelivery} keeps by default (the oldest go first). */
export const MEMORY_OUTBOX_LIMIT = 10_000;

/**
 * Development delivery into this process's memory (`LATCHKEY_DEV_OUTBOX=memory`): no database
 * statement per message, so a benchmark's code delivery costs what the compared server's
 * in-memory outbox costs (`bench/server.ts`, issue 13). Only one process sees its messages, and
 * a restart forgets them: the table ({@link devOutboxDelivery}) stays the default.
 *
 * @param options.now clock in ms for `sentAt` (default Date.now); `options.limit` the messages
 *   kept ({@link MEMORY_OUTBOX_LIMIT}), the oldest dropped first.
 * @returns the delivery, which is also its {@link DevOutbox}.
 */
export function memoryOutboxDelivery(
  options: { now?: () => number; limit?: number } = {},
): Delivery & DevOutbox {
  const now = options.now ?? Date.now;
  const limit = options.limit ?? MEMORY_OUTBOX_LIMIT;
  const messages: OutboxMessage[] = [];
  return {
    async send(message: DeliveryMessage) {
      const { to, channel, subject, text, code } = message;
      messages.push({ to, channel, subject, text, code, sentAt: new Date(now()).toISOString() });
      if (messages.length > limit) messages.splice(0, messages.length - limit);
    },
    async list(to) {
      return to === undefined ? messages.slice() : messages.filter((m) => m.to === to);
    },
  };
}
