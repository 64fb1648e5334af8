/**
 * Production SMS delivery through Twilio's Messages API
 * (`POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`,
 * `Body`, HTTP Basic auth `AccountSid:AuthToken`). Twilio answers 201 with the message JSON, or
 * 4xx with `{code, message, more_info, status}`.
 */
import { ApiError } from '../../../errors.ts';
import type { Delivery } from '../../../delivery/types.ts';

/** Options of {@link twilioDelivery}. */
export interface TwilioDeliveryOptions {
  accountSid: string;
  authToken: string;
  /** Sender: a Twilio number in E.164 or a Messaging Service SID (`MG...`). */
  from: string;
  /** API origin. Default `https://api.twilio.com` (a local fake in tests). */
  baseUrl?: string;
  /** `fetch` to use. Default the global one. */
  fetch?: typeof fetch;
  /** Per-request timeout in ms. Default 10000. */
  timeoutMs?: number;
}

/** Twilio error 21408: 'Permission to send an SMS has not been enabled for the region ...'. */
export const TWILIO_REGION_NOT_ENABLED = 21408;

/**
 * SMS delivery over Twilio. Email messages are refused.
 *
 * @throws (from `send`) ApiError `not_supported` (400, 'SMS authentication from this region is
 *   not available') for Twilio error 21408; ApiError `twilio_verification_failed` (502) for any
 *   other Twilio error answer; Error for a network failure or an email message.
 */
export function twilioDelivery(options: TwilioDeliveryOptions): Delivery {
  const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      if (message.channel !== 'sms') throw new Error('Twilio delivery sends SMS only');
      const doFetch = options.fetch ?? globalThis.fetch;
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (response.ok) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      let body: { code?: unknown; message?: unknown } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        // Not JSON: keep the status only.
      }
      const detail = `Twilio answered ${response.status}${
        typeof body.code === 'number' ? ` (error ${body.code})` : ''
      }${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
      if (body.code === TWILIO_REGION_NOT_ENABLED) {
        throw new ApiError(
          'not_supported',
          'SMS authentication from this region is not available',
          {
            cause: new Error(detail),
          },
        );
      }
      throw new ApiError('twilio_verification_failed', 'Could not send the SMS', {
        cause: new Error(detail),
      });
    },
  };
}
