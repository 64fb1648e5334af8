import type { Db } from '../db/index.ts';
import { devOutbox } from '../db/schema.ts';
import type { Delivery } from './types.ts';

/**
 * Development delivery: stores every message in the `dev_outbox` table, read back through
 * `GET /dev/outbox` (design.md, "The stack"). Never use in production.
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
