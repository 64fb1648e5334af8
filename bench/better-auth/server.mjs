/**
 * Better Auth with its memory adapter and the email OTP plugin, served by node:http, for
 * `npm run bench:server` (issue 13): the same email code sign-in flow as Latchkey's
 * (`send-verification-otp` -> read the code -> `sign-in/email-otp`), and its session check
 * (`GET /api/auth/get-session`). Codes go to an in-memory outbox read at `GET /outbox?to=`,
 * like Latchkey's dev outbox. Prints `better-auth listening` once it serves.
 */
import { createServer } from 'node:http';
import { betterAuth } from 'better-auth';
import { memoryAdapter } from 'better-auth/adapters/memory';
import { toNodeHandler } from 'better-auth/node';
import { emailOTP } from 'better-auth/plugins';

const port = Number(process.env.PORT ?? 0);
const baseURL = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const outbox = new Map();
const db = { user: [], session: [], account: [], verification: [] };

const auth = betterAuth({
  baseURL,
  secret: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  database: memoryAdapter(db),
  trustedOrigins: ['http://localhost:5173'],
  // The bench comes from one IP, as Latchkey's does with its per-IP limits raised.
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  logger: { disabled: true },
  plugins: [
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        outbox.set(email, otp);
      },
    }),
  ],
});
const handler = toNodeHandler(auth);

createServer((req, res) => {
  if (req.url?.startsWith('/outbox')) {
    const to = new URL(req.url, baseURL).searchParams.get('to') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ code: outbox.get(to) ?? null }]));
    return;
  }
  handler(req, res);
}).listen(port, '127.0.0.1', () => console.log('better-auth listening'));
