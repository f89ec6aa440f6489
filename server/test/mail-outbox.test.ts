import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { enqueueMail, mailSettings, renderAuthMail } from '../src/mail/index.ts';
import { startServer } from '../src/server.ts';
import { inbox, lastMail, linkIn } from './helpers/inbox.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));

let s: TestServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  s = await startTestServer({
    enableConfirmations: 'true',
    smtpHost: '127.0.0.1',
    smtpPort: String(sink.port),
    smtpAdminEmail: 'noreply@gather.test',
    smtpSenderName: 'Gather',
    rateLimitEmailSent: '1000',
    rateLimitSignInSignUps: '1000',
  });
});
afterAll(async () => {
  await s.stop();
  await sink.close().catch(() => {});
});

async function until<T>(what: string, fn: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`mail outbox (${driverName})`, () => {
  it('keeps every auth message in the outbox and delivers it over SMTP', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const mail = await lastMail(s, email, 'confirmation');
    expect(mail).toMatchObject({ to: email, from: '"Gather" <noreply@gather.test>', subject: 'Confirm your email' });
    const delivered = await until('smtp delivery', async () => sink.messages.find((m) => m.to.some((t) => t.includes(email))));
    expect(delivered.from).toContain('noreply@gather.test');
    expect(delivered.data).toContain('Subject: Confirm your email');
    expect(delivered.data.replace(/=\r\n/g, '')).toContain('/auth/v1/verify?token=');
    const status = await until('status sent', async () => ((await inbox(s, email))[0]!.status === 'sent' ? 'sent' : undefined));
    expect(status).toBe('sent');
    expect(linkIn(mail)).toContain(`${s.url}/auth/v1/verify?token=`);
  });

  it('lists messages as JSON by recipient (any case), and clears them', async () => {
    const to = `Case-${Date.now()}@Example.com`;
    await s.db.transaction((tx) => enqueueMail(tx, mailSettings(s.config), renderAuthMail('recovery', { to, token: '123456', confirmationUrl: 'http://x/y', siteUrl: 'http://x' })));
    const listed = await inbox(s, to.toLowerCase());
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'recovery', subject: 'Reset your password' });
    expect(listed[0]!.text).toContain('123456');
    const del = await s.fetch(`/_inbox/messages?to=${encodeURIComponent(to)}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ deleted: 1 });
    expect(await inbox(s, to)).toEqual([]);
  });

  it('shows a readable HTML inbox that escapes what it shows', async () => {
    const to = `page-${Date.now()}@example.com`;
    await s.db.transaction((tx) =>
      enqueueMail(tx, mailSettings(s.config), { kind: 'test', to, subject: '<script>alert(1)</script>', text: 'Go to https://example.com/a?b=1 now', html: '' }),
    );
    const res = await s.fetch(`/_inbox?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="https://example.com/a?b=1">');
  });

  it('is shared by server instances on one database', async () => {
    const config = loadConfig({ project: EMPTY_PROJECT, port: '0', logLevel: 'silent', db: s.testDb.target }, {});
    const second = await startServer(config, { db: s.db, seed: false });
    try {
      const to = `shared-${Date.now()}@example.com`;
      await s.anon().auth.signUp({ email: to, password: 'correct horse' });
      const res = await fetch(`${second.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
      expect(((await res.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('is out of reach of the API roles, service_role included', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      await expect(s.db.asRole({ role, claims: {} }, (tx) => tx.query('select * from _gather.mail_outbox'))).rejects.toThrow(/permission denied/);
    }
  });

  it('has no inbox in production', async () => {
    const config = loadConfig(
      { project: EMPTY_PROJECT, port: '0', logLevel: 'silent', db: s.testDb.target },
      { NODE_ENV: 'production', GATHER_JWT_SECRET: 'p'.repeat(40) },
    );
    const prod = await startServer(config, { db: s.db, seed: false });
    try {
      expect((await fetch(`${prod.url}/_inbox`)).status).toBe(404);
      expect((await fetch(`${prod.url}/_inbox/messages`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('records a failed delivery and keeps the message queued for a retry', async () => {
    await sink.close();
    const email = `down-${Date.now()}@example.com`;
    await s.anon().auth.signUp({ email, password: 'correct horse' });
    const row = await until('a failed attempt', async () => {
      const { rows } = await s.db.query<{ status: string; attempts: number; last_error: string | null }>(
        'select status, attempts, last_error from _gather.mail_outbox where to_address = $1',
        [email],
      );
      return rows[0]?.last_error ? rows[0] : undefined;
    });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
  });
});
