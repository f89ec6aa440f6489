import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as z from 'zod';
import { callerOf, type ServerContext } from '../http/server-context.ts';
import { JwtError } from '../http/verify-jwt.ts';
import { mailSettings } from './mail-settings.ts';
import { enqueueMail } from './outbox.ts';

/** What a server function may send: one message to one address, from the server's own sender. */
const sendBody = z.strictObject({
  to: z.email({ error: 'must be an email address' }),
  subject: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(998, 'must be at most 998 characters')
    .refine((s) => !/[\r\n]/.test(s), 'must be one line'),
  text: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(500_000, 'must be at most 500,000 characters'),
  html: z.string({ error: 'must be a string' }).max(1_000_000, 'must be at most 1,000,000 characters').optional(),
  kind: z.string().regex(/^[a-z0-9_.:-]{1,64}$/, 'must be 1-64 of a-z, 0-9, _ . : -').optional(),
  idempotency_key: z.string().min(1, 'must not be empty').max(256, 'must be at most 256 characters').optional(),
  // RFC 8058 one-click unsubscribe only: other headers could forge what the sender controls.
  headers: z
    .strictObject({
      'List-Unsubscribe': z.string({ error: 'must be given, as <https://…>' }).max(2000).regex(/^<https?:\/\/[^\s<>]+>$/, 'must be <https://…>').refine((s) => !/[\r\n]/.test(s), 'must be one line'),
      'List-Unsubscribe-Post': z.literal('List-Unsubscribe=One-Click').optional(),
    })
    .optional(),
});

type ErrorCode = 'unauthorized' | 'forbidden' | 'invalid_request';

function refuse(reply: FastifyReply, status: number, error: ErrorCode, message: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, message });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as HTML: escaped, line breaks kept. */
function textAsHtml(text: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;white-space:pre-wrap">${escapeHtml(text)}</body></html>`;
}

/**
 * `POST /mail/v1/send`: mail from server functions, for the service role only. The message joins
 * the transactional outbox like every other (SMTP when configured, `/_inbox` in development).
 * `_shared/mail.ts` in the project calls it when no RESEND_API_KEY is set. Decision 0043.
 */
export function mailApiModule(ctx: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const settings = mailSettings(ctx.config);

    // Who is asking is settled before the body is read: a stranger learns nothing about it.
    app.addHook('onRequest', async (req, reply) => {
      let role: string;
      try {
        role = (await callerOf(ctx, req)).role;
      } catch (err) {
        if (err instanceof JwtError) return refuse(reply, 401, 'unauthorized', err.message);
        throw err;
      }
      if (role === 'anon') return refuse(reply, 401, 'unauthorized', 'Send the service-role key as a bearer token to send mail.');
      if (role !== 'service_role') return refuse(reply, 403, 'forbidden', 'Only the service role can send mail.');
    });

    // Bodies that are not JSON, or not parseable, answer in the same shape as the rest.
    app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
      const status = err.statusCode ?? 500;
      if (status >= 500) throw err;
      return refuse(reply, status === 415 ? 415 : 400, 'invalid_request', err.message);
    });

    app.post('/send', async (req, reply) => {
      const parsed = sendBody.safeParse(req.body ?? undefined);
      if (!parsed.success) {
        const message = parsed.error.issues
          .map((i) => (i.code === 'unrecognized_keys' ? `unknown field(s): ${i.keys.join(', ')}` : `${i.path.join('.') || 'body'}: ${i.message}`))
          .join('; ');
        return refuse(reply, 400, 'invalid_request', message);
      }
      const m = parsed.data;
      const id = await ctx.db.transaction((tx) =>
        enqueueMail(tx, settings, {
          kind: m.kind ?? 'function',
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? textAsHtml(m.text),
          idempotencyKey: m.idempotency_key,
          headers: m.headers,
        }),
      );
      return reply.header('cache-control', 'no-store').send({ id: String(id) });
    });
  };
}
