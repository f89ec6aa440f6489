import type { Config } from '../config/config-schema.ts';
import type { Queryable } from '../db/db-types.ts';

export type SmsProviderName = 'twilio' | 'vonage' | 'messagebird';

/** The configured SMS gateway (the first enabled of Twilio, Vonage, MessageBird), or none. */
export interface SmsGateway {
  name: SmsProviderName;
  apiUrl: string;
  credentials: Record<string, string>;
}

const DEFAULT_API: Record<SmsProviderName, string> = {
  twilio: 'https://api.twilio.com',
  vonage: 'https://rest.nexmo.com',
  messagebird: 'https://rest.messagebird.com',
};

export function smsGateway(config: Config): SmsGateway | undefined {
  const candidates: [SmsProviderName, Record<string, unknown> | undefined][] = [
    ['twilio', config.smsTwilio],
    ['vonage', config.smsVonage],
    ['messagebird', config.smsMessagebird],
  ];
  for (const [name, c] of candidates) {
    if (!c?.enabled) continue;
    const credentials: Record<string, string> = {};
    for (const [k, v] of Object.entries(c)) if (typeof v === 'string' && k !== 'apiUrl') credentials[k] = v;
    return { name, apiUrl: String(c.apiUrl || DEFAULT_API[name]).replace(/\/+$/, ''), credentials };
  }
  return undefined;
}

export interface StoredSms {
  id: string;
  created_at: Date;
  kind: string;
  to_phone: string;
  body: string;
  channel: string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
}

/** Wakes the SMS delivery of every instance (NOTIFY fires on commit). */
export const SMS_CHANNEL = 'gather_sms_outbox';

/** Queues a text message in the caller's transaction; it goes out only if that transaction commits. */
export async function enqueueSms(tx: Queryable, gateway: SmsGateway | undefined, sms: { kind: string; to: string; body: string; channel?: string }): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into _gather.sms_outbox (kind, to_phone, body, channel, status) values ($1, $2, $3, $4, $5) returning id`,
    [sms.kind, sms.to, sms.body, sms.channel ?? 'sms', gateway ? 'pending' : 'local'],
  );
  if (gateway) await tx.query('select pg_notify($1, $2)', [SMS_CHANNEL, rows[0]!.id]);
  return rows[0]!.id;
}

/** Newest first, optionally for one number (digits, with or without '+'). */
export async function listSms(q: Queryable, opts: { to?: string; limit?: number } = {}): Promise<StoredSms[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 1000);
  const to = opts.to?.replace(/^\+/, '').replace(/\s/g, '');
  const { rows } = to
    ? await q.query<StoredSms>('select * from _gather.sms_outbox where to_phone = $1 order by id desc limit $2', [to, limit])
    : await q.query<StoredSms>('select * from _gather.sms_outbox order by id desc limit $1', [limit]);
  return rows;
}

/** Claims due messages under a lease (`skip locked`: instances never send one twice). */
export async function claimDueSms(q: Queryable, batch: number): Promise<StoredSms[]> {
  const { rows } = await q.query<StoredSms>(
    `update _gather.sms_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'
     where id in (select id from _gather.sms_outbox where status in ('pending', 'sending') and next_attempt_at <= now()
                  order by id limit $1 for update skip locked)
     returning *`,
    [batch],
  );
  return rows;
}

/**
 * After a gateway answered: sent, or retried soon (a code is worth little minutes later:
 * 10 s, 40 s, then failed for good).
 */
export async function recordSmsAttempt(q: Queryable, sms: StoredSms, outcome: { messageId: string } | { error: string }): Promise<void> {
  if ('messageId' in outcome) {
    await q.query(`update _gather.sms_outbox set status = 'sent', sent_at = now(), provider_message_id = $2, last_error = null where id = $1`, [sms.id, outcome.messageId]);
    return;
  }
  const final = sms.attempts >= 3;
  await q.query(
    `update _gather.sms_outbox set status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4::double precision) where id = $1`,
    [sms.id, final ? 'failed' : 'pending', outcome.error.slice(0, 1000), 10 * sms.attempts * sms.attempts],
  );
}
