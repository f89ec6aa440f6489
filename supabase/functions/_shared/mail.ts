// Sends one email from a server function, the same code on hosted Supabase and on gather-server:
// - with a RESEND_API_KEY secret, through Resend's HTTP API (MAIL_FROM is the sender, and must be
//   an address of a domain verified with Resend);
// - otherwise through the server's own mail endpoint, `${SUPABASE_URL}/mail/v1/send`, with the
//   service-role key: the message joins its outbox (SMTP when configured, /_inbox in development).
// An idempotency key makes a retried send (a timeout, two racing calls) one email, not two.
// Decision 0043.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What it is for (e.g. the notification kind); the development inbox shows it. */
  kind?: string;
  /** The same key sends one email however often it is sent (Resend: within 24 hours). */
  idempotencyKey?: string;
  /** Extra headers; only List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) are passed on. */
  headers?: Record<string, string>;
}

/** Where the settings come from: Deno.env in a function; anything with `get` in a test. */
export interface Env {
  get(name: string): string | undefined;
}

export class MailError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const RESEND_URL = 'https://api.resend.com';
const DEFAULT_FROM = 'Gather <onboarding@resend.dev>';

function denoEnv(): Env {
  const deno = (globalThis as { Deno?: { env: Env } }).Deno;
  if (!deno) throw new Error('sendMail: pass the environment outside Deno');
  return deno.env;
}

async function failure(via: string, res: Response): Promise<MailError> {
  const body = await res.text().catch(() => '');
  return new MailError(`${via} answered ${res.status}: ${body.slice(0, 500)}`, res.status);
}

async function viaResend(mail: Mail, env: Env, apiKey: string): Promise<{ id: string }> {
  const res = await fetch(`${env.get('RESEND_API_URL') ?? RESEND_URL}/emails`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      ...(mail.idempotencyKey ? { 'idempotency-key': mail.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      from: env.get('MAIL_FROM') ?? DEFAULT_FROM,
      to: [mail.to],
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(mail.kind ? { tags: [{ name: 'kind', value: mail.kind.replace(/[^A-Za-z0-9_-]/g, '_') }] } : {}),
    }),
  });
  if (!res.ok) throw await failure('Resend', res);
  return { id: String(((await res.json()) as { id: string }).id) };
}

async function viaServer(mail: Mail, env: Env): Promise<{ id: string }> {
  const url = env.get('SUPABASE_URL');
  const key = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) throw new MailError('No RESEND_API_KEY, and no SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY to reach the mail endpoint', 500);
  const res = await fetch(`${url.replace(/\/$/, '')}/mail/v1/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.kind ? { kind: mail.kind } : {}),
      ...(mail.idempotencyKey ? { idempotency_key: mail.idempotencyKey } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    }),
  });
  if (!res.ok) throw await failure('The mail endpoint', res);
  return (await res.json()) as { id: string };
}

/** Sends `mail`; resolves with the provider's message id, rejects with MailError. */
export function sendMail(mail: Mail, env: Env = denoEnv()): Promise<{ id: string }> {
  const resendKey = env.get('RESEND_API_KEY');
  return resendKey ? viaResend(mail, env, resendKey) : viaServer(mail, env);
}
