export { devOutboxDelivery } from './dev-outbox.ts';
export { type SmtpDeliveryOptions, smtpDelivery } from './smtp.ts';
export type { Delivery, DeliveryMessage } from './types.ts';
export {
  channelDelivery,
  TWILIO_REGION_NOT_ENABLED,
  type TwilioDeliveryOptions,
  twilioDelivery,
} from './twilio.ts';
