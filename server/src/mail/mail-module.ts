import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../http/server-context.ts';
import { renderInboxPage } from './inbox-page.ts';
import { mailSettings } from './mail-settings.ts';
import { clearMail, listMail, type StoredMail } from './outbox.ts';
import { startSmsDelivery } from './sms-delivery.ts';
import { listSms, smsGateway, type StoredSms } from './sms-outbox.ts';

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
    ...(m.headers ? { headers: m.headers } : {}),
  };
}

function smsJson(m: StoredSms) {
  return { id: Number(m.id), created_at: m.created_at.toISOString(), kind: m.kind, to: m.to_phone, body: m.body, channel: m.channel, status: m.status };
}

function queryString(q: unknown, name: string): string | undefined {
  const v = (q as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * `/_inbox`: the mail module. Delivers the outbox over SMTP and text messages through an SMS
 * gateway when configured, and in development shows both as a page (`/_inbox`) and as JSON for
 * tests (`/_inbox/messages?to=…`, `/_inbox/sms?to=…`).
 */
export function mailModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const settings = mailSettings(ctx.config);
    // Delivery runs in one process per database (db/leader-election.ts); `skip locked` claims anyway.
    if (settings.smtp) {
      ctx.leadership.onLead('mail', async () => {
        // nodemailer loads only where SMTP is set, not at every start (decision 0421).
        const { startSmtpDelivery } = await import('./smtp-delivery.ts');
        const delivery = await startSmtpDelivery(ctx.db, settings, ctx.log);
        return () => delivery.stop();
      });
    }
    const gateway = smsGateway(ctx.config);
    if (gateway) {
      ctx.leadership.onLead('sms', async () => {
        const sms = await startSmsDelivery(ctx.db, gateway, ctx.log);
        return () => sms.stop();
      });
    }
    if (!settings.inboxEnabled) return; // production: no route, so a plain 404

    app.get('/', async (req, reply) => {
      const to = queryString(req.query, 'to');
      const [messages, texts] = await Promise.all([listMail(ctx.db, { to }), listSms(ctx.db, { to: to && /^\+?[\d\s]+$/.test(to) ? to : undefined })]);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderInboxPage(messages, to, to && !/^\+?[\d\s]+$/.test(to) ? [] : texts));
    });

    app.get('/messages', async (req, reply) => {
      const to = queryString(req.query, 'to');
      const limit = Number(queryString(req.query, 'limit') ?? 100);
      const messages = await listMail(ctx.db, { to, limit: Number.isFinite(limit) ? limit : 100 });
      return reply.header('cache-control', 'no-store').send({ messages: messages.map(asJson) });
    });

    // Text messages (phone codes), for tests: /_inbox/sms?to=<phone>.
    app.get('/sms', async (req, reply) => {
      const texts = await listSms(ctx.db, { to: queryString(req.query, 'to') });
      return reply.header('cache-control', 'no-store').send({ messages: texts.map(smsJson) });
    });

    app.delete('/messages', async (req) => {
      const deleted = await clearMail(ctx.db, queryString(req.query, 'to'));
      return { deleted };
    });
  };
}
