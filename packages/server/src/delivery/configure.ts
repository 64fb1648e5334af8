/**
 * The process's code delivery, built from the environment (`main.ts`): each method that has a
 * channel transport declares it as its module's `transport` (`MethodParts.transport` in
 * `methods/types.ts`, a loader of a {@link TransportFromEnv}); this file knows no channel.
 */
import type { Db } from '../db/index.ts';
import type { ServerEnv } from '../env.ts';
import { METHODS } from '../methods/index.ts';
import type { MethodParts } from '../methods/types.ts';
import { channelDelivery } from './channels.ts';
import {
  type DevOutbox,
  devOutboxDelivery,
  memoryOutboxDelivery,
  tableOutbox,
} from './dev-outbox.ts';
import type { ChannelTransport, Delivery, DeliveryChannel } from './types.ts';

/** What {@link configuredDelivery} returns. */
export interface ConfiguredDelivery {
  /** The delivery for `createServer`. */
  delivery: Delivery;
  /** The transports the environment configured, in the registry's order. */
  transports: ChannelTransport[];
  /**
   * What `GET /dev/outbox` lists: the memory outbox with `LATCHKEY_DEV_OUTBOX=memory`, else the
   * `dev_outbox` table.
   */
  outbox: DevOutbox;
  /** Closes every transport (at shutdown). */
  close(): void;
}

/** Options of {@link configuredDelivery} (tests narrow them). */
export interface ConfiguredDeliveryOptions {
  /** The method modules whose `transport` is read, in order. Default the registry, `METHODS`. */
  methods?: readonly Pick<MethodParts, 'transport'>[];
}

/**
 * Routes each channel to its configured transport. Channels without one go to the transport
 * that replaces the dev outbox (`replacesDevOutbox`: SMTP), else to the dev outbox
 * (`dev_outbox` table, or this process's memory with `LATCHKEY_DEV_OUTBOX=memory`).
 * `parseServerEnv` refuses to start outside development without one.
 *
 * @param env the parsed environment (`parseServerEnv`).
 * @param db the database of the dev outbox.
 * @throws what a method's `transport` loader or factory throws.
 */
export async function configuredDelivery(
  env: ServerEnv,
  db: Db,
  options: ConfiguredDeliveryOptions = {},
): Promise<ConfiguredDelivery> {
  const factories = await Promise.all(
    (options.methods ?? METHODS).flatMap((m) => (m.transport ? [m.transport()] : [])),
  );
  const transports = factories.flatMap((fromEnv) => fromEnv(env) ?? []);
  const memory = env.devOutbox === 'memory' ? memoryOutboxDelivery() : undefined;
  const fallback =
    transports.find((t) => t.replacesDevOutbox)?.delivery ?? memory ?? devOutboxDelivery(db);
  const own: Partial<Record<DeliveryChannel, Delivery>> = {};
  for (const t of transports) if (!t.replacesDevOutbox) own[t.channel] = t.delivery;
  return {
    delivery: Object.keys(own).length ? channelDelivery(own, fallback) : fallback,
    transports,
    outbox: memory ?? tableOutbox(db),
    close() {
      for (const t of transports) t.close?.();
    },
  };
}
