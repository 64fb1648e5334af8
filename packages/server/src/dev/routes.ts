/**
 * Development-only routes (mounted when `dev: true`): `GET /dev/outbox` lists the messages the
 * dev outbox delivered, newest last, as JSON (`outboxMessage[]`) or, when the client prefers
 * text/html, as a page. `?to=` filters by recipient.
 */
import { ROUTES } from '@latchkey/api';
import { Hono } from 'hono';
import { accepts } from 'hono/accepts';
import { html } from 'hono/html';
import type { AppEnv, ServerContext } from '../context.ts';

/** The dev routes. */
export function devRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  r.get(ROUTES.devOutbox, async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const messages = await ctx.devOutbox.list(to || undefined);
    const type = accepts(c, {
      header: 'Accept',
      supports: ['application/json', 'text/html'],
      default: 'application/json',
    });
    if (type === 'text/html') {
      const items = messages
        .slice()
        .reverse()
        .map(
          (m) =>
            html`<li>
              <p><strong>${m.to}</strong> (${m.channel}) <time>${m.sentAt}</time></p>
              ${m.subject ? html`<p>${m.subject}</p>` : ''}
              <pre>${m.text}</pre>
              ${m.code ? html`<p>Code: <code data-code>${m.code}</code></p>` : ''}
            </li>`,
        );
      c.header('Content-Security-Policy', "default-src 'none'");
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>Latchkey dev outbox</title>
            </head>
            <body>
              <h1>Dev outbox</h1>
              <p>${messages.length} message(s), newest first.</p>
              <ul>
                ${items}
              </ul>
            </body>
          </html>`,
      );
    }
    return c.json(messages);
  });
  return r;
}
