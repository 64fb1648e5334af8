/**
 * The process's code delivery, built from the environment (`main.ts`): each method that has a
 * channel transport contributes it through `methods/<id>/delivery/fromEnv.ts`
 * (`transportFromEnv`, see {@link TransportFromEnv}); this file knows no channel.
 */
import type { Db } from '../db/index.ts';
import type { ServerEnv } from '../env.ts';
import { loadMethodParts, type LoadMethodPartsOptions } from '../methodParts.ts';
import { channelDelivery } from './channels.ts';
import { devOutboxDelivery } from './dev-outbox.ts';
import type { ChannelTransport, Delivery, DeliveryChannel, TransportFromEnv } from './types.ts';

/** What {@link configuredDelivery} returns. */
export interface ConfiguredDelivery {
  /** The delivery for `createServer`. */
  delivery: Delivery;
  /** The transports the environment configured, in the registry's order. */
  transports: ChannelTransport[];
  /** Closes every transport (at shutdown). */
  close(): void;
}

/**
 * Routes each channel to its configured transport. Channels without one go to the transport
 * that replaces the dev outbox (`replacesDevOutbox`: SMTP), else to the dev outbox
 * (`dev_outbox` table). `parseServerEnv` refuses to start outside development without one.
 *
 * @param env the parsed environment (`parseServerEnv`).
 * @param db the database of the dev outbox.
 * @throws Error when a method's `fromEnv.ts` does not export `transportFromEnv`.
 */
export async function configuredDelivery(
  env: ServerEnv,
  db: Db,
  options?: LoadMethodPartsOptions,
): Promise<ConfiguredDelivery> {
  const factories = await loadMethodParts<TransportFromEnv>(
    'delivery/fromEnv.ts',
    'transportFromEnv',
    options,
  );
  const transports = factories.flatMap(({ part }) => part(env) ?? []);
  const fallback = transports.find((t) => t.replacesDevOutbox)?.delivery ?? devOutboxDelivery(db);
  const own: Partial<Record<DeliveryChannel, Delivery>> = {};
  for (const t of transports) if (!t.replacesDevOutbox) own[t.channel] = t.delivery;
  return {
    delivery: Object.keys(own).length ? channelDelivery(own, fallback) : fallback,
    transports,
    close() {
      for (const t of transports) t.close?.();
    },
  };
}
