import type { AddressInfo } from 'node:net';
import { ROUTES } from '@latchkey/api';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/index.ts';
import { testDatabase, testServer, uniqueEmail } from '../../../test-utils.ts';
import { smtpDelivery } from './smtp.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let database: Database;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  database = await testDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await database?.close();
});

describe('smtpDelivery', () => {
  it('delivers the login code over SMTP and the code logs in', async () => {
    const delivery = smtpDelivery({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Latchkey <login@latchkey.test>',
      transport: { ignoreTLS: true },
    });
    const server = testServer(database, { delivery });
    const app = await server.createApp({ name: 'Mail App' });
    const email = uniqueEmail('smtp');
    const res = await server.post(app.id, ROUTES.passwordlessInit, { email });
    expect(res.status).toBe(200);
    delivery.close();

    const message = received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('login@latchkey.test');
    expect(message!.raw).toMatch(/^Subject: Your Mail App login code$/m);
    const code = message!.raw.match(
      /Your Mail App login code is (\d{6})\. It expires in 10 minutes\./,
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const login = await server.post(app.id, ROUTES.passwordlessAuthenticate, { email, code });
    expect(login.status).toBe(200);
  });

  it('answers 500 and keeps no code when SMTP refuses', async () => {
    const delivery = smtpDelivery({
      url: 'smtp://127.0.0.1:1',
      from: 'login@latchkey.test',
      transport: { connectionTimeout: 2000 },
    });
    const server = testServer(database, { delivery });
    const app = await server.createApp();
    const email = uniqueEmail('down');
    const res = await server.post(app.id, ROUTES.passwordlessInit, { email });
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('internal_error');
    // The failed send does not start a cooldown.
    server.context.delivery = { send: async () => {} };
    expect((await server.post(app.id, ROUTES.passwordlessInit, { email })).status).toBe(200);
  });
});
