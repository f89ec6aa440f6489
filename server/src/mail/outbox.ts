import type { Queryable } from '../db/db-types.ts';
import type { MailSettings } from './mail-settings.ts';

/** A message ready to go: rendered, addressed, classified. */
export interface OutgoingMail {
  /** What it is for (confirmation, magic_link, recovery, …); shown in the inbox, handy in tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same key queues one message however often it is sent (retries, racing senders). */
  idempotencyKey?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), sent as they are. */
  headers?: Record<string, string>;
}

export interface StoredMail {
  id: string;
  created_at: Date;
  kind: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
  headers: Record<string, string> | null;
}

/** Wakes the SMTP delivery of every server instance (LISTEN/NOTIFY fires on commit). */
export const OUTBOX_CHANNEL = 'gather_mail_outbox';

/**
 * Queues a message in the caller's transaction: it exists (and will be delivered) only if the
 * transaction that created its token commits.
 */
export async function enqueueMail(tx: Queryable, settings: MailSettings, mail: OutgoingMail): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into _gather.mail_outbox (kind, to_address, from_address, subject, text_body, html_body, status, idempotency_key, headers)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (idempotency_key) where idempotency_key is not null do nothing
     returning id`,
    [mail.kind, mail.to, settings.from, mail.subject, mail.text, mail.html, settings.smtp ? 'pending' : 'local', mail.idempotencyKey ?? null, mail.headers ? JSON.stringify(mail.headers) : null],
  );
  if (rows.length === 0) {
    // Queued before under this key: the same message, not a second one.
    const seen = await tx.query<{ id: string }>('select id from _gather.mail_outbox where idempotency_key = $1', [mail.idempotencyKey]);
    return seen.rows[0]!.id;
  }
  const id = rows[0]!.id;
  if (settings.smtp) await tx.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, id]);
  return id;
}

/** Newest first, optionally only those sent to one address (case-insensitive). */
export async function listMail(q: Queryable, opts: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 1000);
  const { rows } = opts.to
    ? await q.query<StoredMail>(
        'select * from _gather.mail_outbox where lower(to_address) = lower($1) order by id desc limit $2',
        [opts.to, limit],
      )
    : await q.query<StoredMail>('select * from _gather.mail_outbox order by id desc limit $1', [limit]);
  return rows;
}

export async function clearMail(q: Queryable, to?: string): Promise<number> {
  const r = to
    ? await q.query('delete from _gather.mail_outbox where lower(to_address) = lower($1)', [to])
    : await q.query('delete from _gather.mail_outbox');
  return r.affectedRows;
}

/** How long a claimed message stays ours before another instance may retry it (a crashed sender). */
const LEASE_SECONDS = 300;

/**
 * Claims due messages for delivery. `skip locked` lets several instances drain one outbox
 * without sending a message twice.
 */
export async function claimDueMail(q: Queryable, batch: number): Promise<StoredMail[]> {
  const { rows } = await q.query<StoredMail>(
    `update _gather.mail_outbox set status = 'sending', attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => $2::double precision)
     where id in (select id from _gather.mail_outbox
                  where status in ('pending', 'sending') and next_attempt_at <= now()
                  order by id limit $1 for update skip locked)
     returning *`,
    [batch, LEASE_SECONDS],
  );
  return rows;
}

export async function markSent(q: Queryable, id: string): Promise<void> {
  await q.query(`update _gather.mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = $1`, [id]);
}

/** Retries with a growing pause (30 s, 2 min, 4.5 min, …), then gives up after `maxAttempts`. */
export async function markFailed(q: Queryable, mail: StoredMail, error: string, maxAttempts: number): Promise<void> {
  const final = mail.attempts >= maxAttempts;
  await q.query(
    `update _gather.mail_outbox set status = $2, last_error = $3,
            next_attempt_at = now() + make_interval(secs => $4::double precision)
     where id = $1`,
    [mail.id, final ? 'failed' : 'pending', error.slice(0, 1000), 30 * mail.attempts * mail.attempts],
  );
}
