import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { renderInboxPage } from './inbox-page.ts';
import { mailSettings } from './mail-settings.ts';
import { clearMail, listMail, type StoredMail } from './outbox.ts';
import { startSmtpDelivery } from './smtp-delivery.ts';

function asJson(m: StoredMail) {
  return {
    id: Number(m.id),
    created_at: m.created_at.toISOString(),
    kind: m.kind,
    to: m.to_address,
    from: m.from_address,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body,
    status: m.status,
  };
}

function queryString(q: unknown, name: string): string | undefined {
  const v = (q as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * `/_inbox`: the mail module. Delivers the outbox over SMTP when configured, and in development
 * shows it as a page (`/_inbox`) and as JSON for tests (`/_inbox/messages?to=…`).
 */
export function mailModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const settings = mailSettings(ctx.config);
    if (settings.smtp) {
      const delivery = await startSmtpDelivery(ctx.db, settings, ctx.log);
      app.addHook('onClose', () => delivery.stop());
    }
    if (!settings.inboxEnabled) return; // production: no route, so a plain 404

    app.get('/', async (req, reply) => {
      const to = queryString(req.query, 'to');
      const messages = await listMail(ctx.db, { to });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderInboxPage(messages, to));
    });

    app.get('/messages', async (req, reply) => {
      const to = queryString(req.query, 'to');
      const limit = Number(queryString(req.query, 'limit') ?? 100);
      const messages = await listMail(ctx.db, { to, limit: Number.isFinite(limit) ? limit : 100 });
      return reply.header('cache-control', 'no-store').send({ messages: messages.map(asJson) });
    });

    app.delete('/messages', async (req) => {
      const deleted = await clearMail(ctx.db, queryString(req.query, 'to'));
      return { deleted };
    });
  };
}
