/**
 * The channel abstraction of code delivery, shared by every code-by-message method (issue 11).
 * A channel is named by data: the `channel` of a code method (`CodeChannel.channel` in
 * `methods/passwordless/codes.ts`), which is also the `login_codes.channel` value. Transports
 * for a channel live in its method's folder (`methods/<id>/delivery/`) and are contributed
 * through the method module's `transport` field, a loader of a {@link TransportFromEnv}
 * (`methods/types.ts`, read by `delivery/configure.ts`).
 */
import type { devOutbox } from '../db/schema.ts';
import type { ServerEnv } from '../env.ts';

/**
 * A delivery channel id: the `channel` column of the shared contract (`dev_outbox.channel`, the
 * same values as `login_codes.channel` in `db/schema.ts`).
 */
export type DeliveryChannel = (typeof devOutbox.$inferInsert)['channel'];

/** One message to deliver: a login code on one channel. */
export interface DeliveryMessage {
  /** The destination in the channel's terms (an email address, an E.164 phone number, ...). */
  to: string;
  /** The channel id: the code method's `CodeChannel.channel` (`login_codes.channel`). */
  channel: DeliveryChannel;
  /** Subject line, for channels that have one; null otherwise. */
  subject: string | null;
  /** Plain-text body. */
  text: string;
  /** The code in the message, when there is one (the dev outbox shows it). */
  code: string | null;
}

/** Where login codes go: the dev outbox, a channel's transport, a router by channel. */
export interface Delivery {
  /** Sends one message. @throws when the message could not be handed over. */
  send(message: DeliveryMessage): Promise<void>;
}

/**
 * A configured transport of one channel, made by a method's {@link TransportFromEnv} from the
 * server environment.
 */
export interface ChannelTransport {
  /** The channel it carries ({@link DeliveryMessage.channel}). */
  readonly channel: DeliveryChannel;
  /** The transport. */
  readonly delivery: Delivery;
  /**
   * When true, the transport also receives the messages of channels that have no transport of
   * their own, in place of the dev outbox (a production transport wins over the dev outbox; the
   * transport then refuses what it cannot carry, which the code engine answers
   * `internal_error`). Default false: only its own channel.
   */
  readonly replacesDevOutbox?: boolean;
  /** Releases connections at shutdown. */
  close?(): void;
}

/**
 * What a method module's `transport` loader resolves to (email's and SMS's
 * `methods/<id>/delivery/fromEnv.ts`): its channel's transport when the environment configures
 * one, else undefined.
 */
export type TransportFromEnv = (env: ServerEnv) => ChannelTransport | undefined;
