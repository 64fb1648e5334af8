/**
 * The bare baseline of `npm run bench:server`: a trivial Hono app on `@hono/node-server`,
 * started as a child process the same way as the API (`node --import tsx`), answering
 * `GET /health` with `{"status":"ok"}`. Its throughput is the 1.0 every other figure is
 * divided by. Listens on `PORT`; prints `bare hono listening on <url>` when ready.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT ?? 8790);
const app = new Hono();
app.get('/health', (c) => c.json({ status: 'ok' }));
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare hono listening on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
