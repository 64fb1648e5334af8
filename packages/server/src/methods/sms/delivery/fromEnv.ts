/** The SMS channel's transport from the environment (`delivery/configure.ts`, issue 11; the module's `transport`). */
import type { TransportFromEnv } from '../../../delivery/types.ts';
import { twilioDelivery } from './twilio.ts';

/**
 * Twilio's Messages API when `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` are set
 * (`env.twilio`); SMS only, the other channels keep their own delivery.
 */
export const transportFromEnv: TransportFromEnv = (env) =>
  env.twilio ? { channel: 'sms', delivery: twilioDelivery(env.twilio) } : undefined;
