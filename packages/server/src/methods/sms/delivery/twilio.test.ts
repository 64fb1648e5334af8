import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTES } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/index.ts';
import { ApiError } from '../../../errors.ts';
import { testDatabase, testServer } from '../../../test-utils.ts';
import { channelDelivery } from '../../../delivery/channels.ts';
import type { DeliveryMessage } from '../../../delivery/types.ts';
import { twilioDelivery } from './twilio.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token';
const FROM = '+15005550006';

/** Numbers the fake refuses: with Twilio's 21408 (region) or 21211 (invalid 'To'). */
const REGION_BLOCKED = '+8613800138000';
const TWILIO_REFUSES = '+14155550199';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** A local server speaking the part of Twilio's Messages API that the delivery uses. */
let fake: Server;
let baseUrl: string;
const received: Received[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
      return json(404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    if (!form.To || !form.From || !form.Body) {
      return json(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    if (form.To === REGION_BLOCKED) {
      return json(400, {
        code: 21408,
        message: `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${form.To}`,
        more_info: 'https://www.twilio.com/docs/errors/21408',
        status: 400,
      });
    }
    if (form.To === TWILIO_REFUSES) {
      return json(400, {
        code: 21211,
        message: `The 'To' number ${form.To} is not a valid phone number.`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      });
    }
    json(201, {
      sid: 'SM0123456789abcdef0123456789abcdef',
      account_sid: SID,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: 'queued',
    });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const sms = (to: string): DeliveryMessage => ({
  to,
  channel: 'sms',
  subject: null,
  text: 'Your App login code is 123456. It expires in 10 minutes.',
  code: '123456',
});

describe('twilioDelivery against a local Messages API', () => {
  it('posts To/From/Body form-encoded with Basic auth and accepts 201', async () => {
    received.length = 0;
    const delivery = twilioDelivery({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl });
    await delivery.send(sms('+14155552671'));
    expect(received).toEqual([
      {
        method: 'POST',
        url: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: {
          To: '+14155552671',
          From: FROM,
          Body: 'Your App login code is 123456. It expires in 10 minutes.',
        },
      },
    ]);
  });

  it('maps 21408 to not_supported and other Twilio errors to twilio_verification_failed', async () => {
    const delivery = twilioDelivery({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl });
    const region = await delivery.send(sms(REGION_BLOCKED)).catch((e: unknown) => e);
    expect(region).toBeInstanceOf(ApiError);
    expect(region).toMatchObject({ code: 'not_supported', status: 400 });
    const refused = await delivery.send(sms(TWILIO_REFUSES)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'twilio_verification_failed', status: 502 });
    expect(String((refused as ApiError).cause)).toContain('21211');
    const badAuth = twilioDelivery({ accountSid: SID, authToken: 'wrong', from: FROM, baseUrl });
    await expect(badAuth.send(sms('+14155552671'))).rejects.toMatchObject({
      code: 'twilio_verification_failed',
    });
  });

  it('refuses email messages', async () => {
    const delivery = twilioDelivery({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl });
    await expect(
      delivery.send({ ...sms('a@example.com'), channel: 'email', subject: 'x' }),
    ).rejects.toThrow('SMS only');
  });
});

describe('SMS login through Twilio', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  it('sends the code through Twilio and answers the section 8 errors', async () => {
    const sent: DeliveryMessage[] = [];
    const server = testServer(database, {
      delivery: channelDelivery({
        email: { send: async (m) => void sent.push(m) },
        sms: twilioDelivery({ accountSid: SID, authToken: TOKEN, from: FROM, baseUrl }),
      }),
    });
    const appId = (await server.createApp({ smsAuth: true })).id;
    received.length = 0;
    const ok = await server.post(appId, ROUTES.passwordlessSmsInit, {
      phoneNumber: '+1 415 555 2671',
    });
    expect(ok.status).toBe(200);
    expect(received.at(-1)?.form.To).toBe('+14155552671');
    const code = /(\d{6})/.exec(received.at(-1)!.form.Body!)![1]!;
    const login = await server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
      phoneNumber: '+14155552671',
      code,
    });
    expect(login.status).toBe(200);

    const region = await server.post(appId, ROUTES.passwordlessSmsInit, {
      phoneNumber: REGION_BLOCKED,
    });
    expect(region.status).toBe(400);
    expect(await region.json()).toEqual({
      error: 'SMS authentication from this region is not available',
      code: 'not_supported',
    });
    // The failed send left no code behind: a retry is not held by the cooldown.
    expect(
      (await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: REGION_BLOCKED }))
        .status,
    ).toBe(400);

    const refused = await server.post(appId, ROUTES.passwordlessSmsInit, {
      phoneNumber: TWILIO_REFUSES,
    });
    expect(refused.status).toBe(502);
    expect((await refused.json()).code).toBe('twilio_verification_failed');
  });
});
