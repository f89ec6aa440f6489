import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailError, sendMail } from '../functions/_shared/mail.ts';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.ts';

// `_shared/mail.ts` as functions use it: through gather-server's mail endpoint when no Resend key
// is set, through Resend's API when one is (here a local stand-in that records what it is sent).

let s: TestServer;
let resend: Server;
let resendUrl: string;
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
let resendAnswer: { status: number; body: unknown } = { status: 200, body: { id: 're_123' } };

beforeAll(async () => {
  s = await startTestServer();
  resend = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(resendAnswer.status, { 'content-type': 'application/json' }).end(JSON.stringify(resendAnswer.body));
    });
  });
  await new Promise<void>((r) => resend.listen(0, '127.0.0.1', r));
  resendUrl = `http://127.0.0.1:${(resend.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s.stop();
  await new Promise((r) => resend.close(r));
});

const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });

describe('sendMail', () => {
  it('without a Resend key, queues the message in the server outbox, once per idempotency key', async () => {
    const serverEnv = env({ SUPABASE_URL: s.url, SUPABASE_SERVICE_ROLE_KEY: s.keys.serviceRoleKey });
    const to = `sender-${Date.now()}@example.com`;
    const mail = { to, subject: 'Hello from a function', text: 'Plain words', html: '<p>Plain words</p>', kind: 'test_kind', idempotencyKey: `k-${to}` };
    const first = await sendMail(mail, serverEnv);
    const second = await sendMail(mail, serverEnv);
    expect(second.id).toBe(first.id);
    const res = await s.fetch(`/_inbox/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: Record<string, unknown>[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ id: Number(first.id), kind: 'test_kind', subject: 'Hello from a function', text: 'Plain words', html: '<p>Plain words</p>' });

    const wrongKey = sendMail(mail, env({ SUPABASE_URL: s.url, SUPABASE_SERVICE_ROLE_KEY: s.keys.anonKey }));
    await expect(wrongKey).rejects.toBeInstanceOf(MailError);
    await expect(wrongKey).rejects.toMatchObject({ status: 401 });
  });

  it('with a Resend key, posts to Resend with the sender, the idempotency key and a tag', async () => {
    const resendEnv = env({ RESEND_API_KEY: 're_test_key', RESEND_API_URL: resendUrl, MAIL_FROM: 'Gather <events@gather.example>', SUPABASE_URL: s.url });
    const sent = await sendMail({ to: 'ada@example.com', subject: 'Tomorrow: Fado', text: 'See you', html: '<p>See you</p>', kind: 'reminder_24h', idempotencyKey: 'notification-1' }, resendEnv);
    expect(sent).toEqual({ id: 're_123' });
    const req = received.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', url: '/emails' });
    expect(req.headers.authorization).toBe('Bearer re_test_key');
    expect(req.headers['idempotency-key']).toBe('notification-1');
    expect(req.body).toEqual({
      from: 'Gather <events@gather.example>', to: ['ada@example.com'], subject: 'Tomorrow: Fado', text: 'See you', html: '<p>See you</p>',
      tags: [{ name: 'kind', value: 'reminder_24h' }],
    });

    resendAnswer = { status: 422, body: { name: 'validation_error', message: 'Invalid `to` field.' } };
    await expect(sendMail({ to: 'x@example.com', subject: 'S', text: 'T' }, resendEnv)).rejects.toMatchObject({ status: 422, message: expect.stringContaining('validation_error') });
    resendAnswer = { status: 200, body: { id: 're_123' } };
  });
});
