export { devOutboxDelivery } from './dev-outbox.ts';
export { type SmtpDeliveryOptions, smtpDelivery } from './smtp.ts';
export type { Delivery, DeliveryMessage } from './types.ts';
