/** One message to deliver: a login code by email or SMS. */
export interface DeliveryMessage {
  /** Email address or E.164 phone number. */
  to: string;
  channel: 'email' | 'sms';
  /** Email subject; null for SMS. */
  subject: string | null;
  /** Plain-text body. */
  text: string;
  /** The code in the message, when there is one (the dev outbox shows it). */
  code: string | null;
}

/** Where login codes go: the dev outbox, SMTP, an SMS provider. */
export interface Delivery {
  /** Sends one message. @throws when the message could not be handed over. */
  send(message: DeliveryMessage): Promise<void>;
}
