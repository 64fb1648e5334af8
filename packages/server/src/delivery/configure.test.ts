import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { devOutbox } from '../db/schema.ts';
import type { ServerEnv } from '../env.ts';
import { emailMethod } from '../methods/email/index.ts';
import { METHODS } from '../methods/index.ts';
import { testDatabase } from '../test-utils.ts';
import { channelDelivery } from './channels.ts';
import { configuredDelivery } from './configure.ts';
import type {
  ChannelTransport,
  DeliveryChannel,
  DeliveryMessage,
  TransportFromEnv,
} from './types.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

const SMTP = { url: 'smtp://127.0.0.1:1', from: 'login@latchkey.test' };
const TWILIO = { accountSid: 'AC0', authToken: 't', from: '+15005550006', baseUrl: 'http://x' };
const env = (part: Partial<ServerEnv>) => part as ServerEnv;
const message = (channel: DeliveryMessage['channel'], to: string): DeliveryMessage => ({
  to,
  channel,
  subject: null,
  text: 'Your code is 123456.',
  code: '123456',
});

describe("configuredDelivery (transports from the method modules' `transport`)", () => {
  it('without transports, every channel goes to the dev outbox', async () => {
    const configured = await configuredDelivery(env({}), database.db);
    expect(configured.transports).toEqual([]);
    await configured.delivery.send(message('sms', '+14155550100'));
    const rows = await database.db.select().from(devOutbox);
    expect(rows.map((r) => r.to)).toContain('+14155550100');
  });

  it("takes each registry method's transport; one that replaces the dev outbox gets the rest", async () => {
    const smtpOnly = await configuredDelivery(env({ smtp: SMTP }), database.db);
    expect(smtpOnly.transports.map((t) => [t.channel, t.replacesDevOutbox])).toEqual([
      ['email', true],
    ]);
    // As before issue 11: with SMTP and no Twilio an SMS is refused (answered internal_error).
    await expect(smtpOnly.delivery.send(message('sms', '+14155550101'))).rejects.toThrow(
      'SMTP delivery sends email only',
    );
    smtpOnly.close();

    const twilioOnly = await configuredDelivery(env({ twilio: TWILIO }), database.db);
    expect(twilioOnly.transports.map((t) => [t.channel, t.replacesDevOutbox])).toEqual([
      ['sms', undefined],
    ]);
    await twilioOnly.delivery.send(message('email', 'outbox@example.com'));
    const rows = await database.db.select().from(devOutbox);
    expect(rows.map((r) => r.to)).toContain('outbox@example.com');
  });

  it('reads only the methods it is given (the registry by default)', async () => {
    const configured = await configuredDelivery(env({ twilio: TWILIO }), database.db, {
      methods: [emailMethod],
    });
    expect(configured.transports).toEqual([]);
  });

  it("takes a fake module's transport, in the given order; a module without one adds none", async () => {
    const sent: string[] = [];
    const transport = (channel: DeliveryChannel, name: string): ChannelTransport => ({
      channel,
      delivery: { send: async (m) => void sent.push(`${name}:${m.to}`) },
    });
    const fake = (t: ChannelTransport | undefined) => ({
      transport: async (): Promise<TransportFromEnv> => () => t,
    });
    const configured = await configuredDelivery(env({}), database.db, {
      methods: [
        fake(transport('sms', 'first')),
        {},
        fake(undefined),
        fake(transport('email', 'second')),
      ],
    });
    expect(configured.transports.map((t) => t.channel)).toEqual(['sms', 'email']);
    await configured.delivery.send(message('email', 'fake@example.com'));
    await configured.delivery.send(message('sms', '+14155550102'));
    expect(sent).toEqual(['second:fake@example.com', 'first:+14155550102']);
    expect((await configuredDelivery(env({}), database.db, { methods: [{}] })).transports).toEqual(
      [],
    );
  });

  it('the registry: email and sms declare a transport, in its order', () => {
    expect(METHODS.filter((m) => m.transport).map((m) => m.id)).toEqual(['email', 'sms']);
  });
});

describe('channelDelivery', () => {
  it('routes by channel, then to the fallback, else refuses', async () => {
    const sent: string[] = [];
    const to = (name: string) => ({ send: async () => void sent.push(name) });
    await channelDelivery({ sms: to('sms') }, to('fallback')).send(message('email', 'a@b.c'));
    await channelDelivery({ sms: to('sms') }, to('fallback')).send(message('sms', '+1'));
    expect(sent).toEqual(['fallback', 'sms']);
    await expect(
      channelDelivery({ sms: to('sms') }).send(message('email', 'a@b.c')),
    ).rejects.toThrow('No delivery for email');
  });
});
