/** The email channel's transport from the environment (`delivery/configure.ts`, issue 11; the module's `transport`). */
import type { TransportFromEnv } from '../../../delivery/types.ts';
import { smtpDelivery } from './smtp.ts';

/**
 * SMTP when `SMTP_URL` is set (`env.smtp`). It replaces the dev outbox: channels without a
 * transport of their own go to it too and are refused (an SMS without Twilio answers
 * `internal_error`).
 */
export const transportFromEnv: TransportFromEnv = (env) => {
  if (!env.smtp) return undefined;
  const smtp = smtpDelivery(env.smtp);
  return { channel: 'email', delivery: smtp, replacesDevOutbox: true, close: () => smtp.close() };
};
