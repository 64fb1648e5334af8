/** Routing of messages by channel (issue 11: channel-neutral; channels are data). */
import type { Delivery, DeliveryChannel } from './types.ts';

/**
 * One delivery per channel: a message goes to `by[message.channel]`, else to `fallback`.
 *
 * @param by deliveries keyed by channel id (`DeliveryMessage.channel`, e.g. `{ sms: twilio }`).
 * @param fallback delivery of the channels missing from `by`; none means they are refused.
 * @returns a delivery whose `send` rejects with Error `No delivery for <channel>` when a
 *   message's channel has no delivery (the code engine answers it as `internal_error`).
 */
export function channelDelivery(
  by: Readonly<Partial<Record<DeliveryChannel, Delivery>>>,
  fallback?: Delivery,
): Delivery {
  return {
    send(message) {
      const target = by[message.channel] ?? fallback;
      if (!target) return Promise.reject(new Error(`No delivery for ${message.channel}`));
      return target.send(message);
    },
  };
}
