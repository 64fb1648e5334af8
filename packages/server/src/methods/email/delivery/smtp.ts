import nodemailer from 'nodemailer';
import type { Delivery } from '../../../delivery/types.ts';

/** Options of {@link smtpDelivery}. */
export interface SmtpDeliveryOptions {
  /** nodemailer connection URL, e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://localhost:2525`. */
  url: string;
  /** From address, e.g. `Latchkey <login@example.com>`. */
  from: string;
  /** Extra nodemailer transport options (e.g. `{ tls: { rejectUnauthorized: false } }` in tests). */
  transport?: Record<string, unknown>;
}

/**
 * Production email delivery over SMTP with nodemailer. SMS messages are refused (an SMS
 * provider is a separate delivery).
 *
 * @throws (from `send`) when the SMTP server refuses the message, or for an SMS.
 */
export function smtpDelivery(options: SmtpDeliveryOptions): Delivery & { close(): void } {
  const transporter = nodemailer.createTransport(options.url, options.transport);
  return {
    async send(message) {
      if (message.channel !== 'email') throw new Error('SMTP delivery sends email only');
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close() {
      transporter.close();
    },
  };
}
