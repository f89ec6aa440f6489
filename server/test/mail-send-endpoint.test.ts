import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from './helpers/inbox.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken, unsignedToken } from './helpers/tokens.ts';

// POST /mail/v1/send: how server functions send mail through the outbox (decision 0043).

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

function send(body: unknown, headers: Record<string, string> = {}, server = s): Promise<Response> {
  return server.fetch('/mail/v1/send', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const asService = (server = s) => ({ authorization: `Bearer ${server.keys.serviceRoleKey}` });
const message = (to: string) => ({ to, subject: 'Your event', text: 'See you there: https://gather.example/events/x' });

describe(`mail endpoint (${driverName})`, () => {
  it('queues a message from the service role, with a plain-text HTML twin when none is given', async () => {
    const to = `fn-${Date.now()}@example.com`;
    const res = await send({ ...message(to), kind: 'rsvp_promoted' }, asService());
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const [mail] = await inbox(s, to);
    expect(mail).toMatchObject({ id: Number(id), kind: 'rsvp_promoted', subject: 'Your event', status: 'local' });
    expect(mail!.from).toBe('"Gather" <admin@email.com>');
    expect(mail!.html).toContain('See you there: https://gather.example/events/x');

    // The new secret key stands for the service role too.
    const viaSecret = await send(message(to), { apikey: s.keys.secretKey });
    expect(viaSecret.status).toBe(200);
    expect((await inbox(s, to)).map((m) => m.kind)).toEqual(['function', 'rsvp_promoted']);
  });

  it('queues one message per idempotency key, however often and however concurrently it is sent', async () => {
    const to = `idem-${Date.now()}@example.com`;
    const body = { ...message(to), idempotency_key: `notification-${to}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(body, asService())));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect(await inbox(s, to)).toHaveLength(1);
  });

  it('refuses anyone but the service role, before reading the body', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 401, 'unauthorized'],
      [{ authorization: `Bearer ${s.keys.anonKey}` }, 401, 'unauthorized'],
      [{ apikey: s.keys.publishableKey }, 401, 'unauthorized'],
      [{ authorization: `Bearer ${await signToken({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })}` }, 403, 'forbidden'],
      [{ authorization: `Bearer ${unsignedToken({ role: 'service_role' })}` }, 401, 'unauthorized'],
      [{ authorization: `Bearer ${await signToken({ role: 'service_role' }, { expiresIn: -120 })}` }, 401, 'unauthorized'],
    ];
    for (const [headers, status, error] of cases) {
      const res = await send('not json at all', headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe(error);
      expect(body.message.length).toBeGreaterThan(5);
    }
    expect((await send(message('nobody@example.com'), { authorization: `Bearer ${s.keys.anonKey}` })).status).toBe(401);
    expect(await inbox(s, 'nobody@example.com')).toEqual([]);
  });

  it('validates what it is sent, in one clear line', async () => {
    const cases: [unknown, RegExp][] = [
      [{ subject: 'S', text: 'T' }, /^to: /],
      [{ ...message('not-an-address'), kind: 'x' }, /^to: must be an email address$/],
      [{ ...message('a@example.com'), subject: 'Two\nlines' }, /^subject: must be one line$/],
      [{ ...message('a@example.com'), text: '' }, /^text: must not be empty$/],
      [{ ...message('a@example.com'), from: 'me@evil.example' }, /^unknown field\(s\): from$/],
      [{ ...message('a@example.com'), kind: 'Not A Kind!' }, /^kind: /],
      [{ ...message('a@example.com'), headers: { 'Reply-To': 'me@evil.example' } }, /unknown field\(s\): Reply-To$/],
      [{ ...message('a@example.com'), headers: { 'List-Unsubscribe': '<https://x.example/u>\r\nBcc: a@b.c' } }, /^headers\.List-Unsubscribe: /],
      [{ ...message('a@example.com'), headers: { 'List-Unsubscribe': '<https://x.example/u>', 'List-Unsubscribe-Post': 'yes' } }, /^headers\.List-Unsubscribe-Post: /],
      [['a list'], /^body: /],
      ['{"to": ', /JSON/i],
    ];
    for (const [body, pattern] of cases) {
      const res = await send(body, asService());
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error).toBe('invalid_request');
      expect(answer.message).toMatch(pattern);
    }
    const text = await s.fetch('/mail/v1/send', { method: 'POST', headers: { ...asService(), 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { message: string }).message).toMatch(/^body: /);
    const xml = await s.fetch('/mail/v1/send', { method: 'POST', headers: { ...asService(), 'content-type': 'application/xml' }, body: '<a/>' });
    expect(xml.status).toBe(415);
    expect(((await xml.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('delivers over SMTP when configured, like every other message', async () => {
    const sink = await startSmtpSink();
    const smtp = await startTestServer({ smtpHost: '127.0.0.1', smtpPort: String(sink.port), smtpAdminEmail: 'noreply@gather.test' });
    try {
      const to = `smtp-fn-${Date.now()}@example.com`;
      expect((await send(message(to), asService(smtp), smtp)).status).toBe(200);
      await expect.poll(() => sink.messages.some((m) => m.to.some((t) => t.includes(to))), { timeout: 15_000 }).toBe(true);
      // RFC 8058 one-click unsubscribe headers reach the recipient as sent (decision 0382).
      const listed = `list-${Date.now()}@example.com`;
      const headers = { 'List-Unsubscribe': '<https://gather.example/u?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      expect((await send({ ...message(listed), headers }, asService(smtp), smtp)).status).toBe(200);
      await expect.poll(() => sink.messages.find((m) => m.to.some((t) => t.includes(listed)))?.data, { timeout: 15_000 })
        .toMatch(/List-Unsubscribe: <https:\/\/gather\.example\/u\?token=abc>\r?\nList-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    } finally {
      await smtp.stop();
      await sink.close().catch(() => {});
    }
  });
});
