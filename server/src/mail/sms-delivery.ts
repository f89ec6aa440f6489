import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db-types.ts';
import { startOutboxDrainer, type OutboxDrainer } from './outbox-drainer.ts';
import { claimDueSms, recordSmsAttempt, SMS_CHANNEL, type SmsGateway, type StoredSms } from './sms-outbox.ts';

const TIMEOUT_MS = 10_000;
const POLL_MS = 10_000;

async function post(url: string, form: Record<string, string>, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: res.status, body };
}

/**
 * One message through the gateway's documented API, as GoTrue's sms_provider package sends
 * it: Twilio's Messages resource, Vonage's SMS API, MessageBird's messages endpoint.
 * Returns the provider's message id; throws with its error otherwise.
 */
export async function sendViaGateway(g: SmsGateway, sms: Pick<StoredSms, 'to_phone' | 'body' | 'channel'>): Promise<string> {
  const c = g.credentials;
  if (g.name === 'twilio') {
    const whatsapp = sms.channel === 'whatsapp';
    const r = await post(
      `${g.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid ?? '')}/Messages.json`,
      {
        To: `${whatsapp ? 'whatsapp:' : ''}+${sms.to_phone}`,
        From: `${whatsapp ? 'whatsapp:' : ''}${c.messageServiceSid ?? ''}`,
        Channel: sms.channel,
        Body: sms.body,
      },
      { authorization: `Basic ${Buffer.from(`${c.accountSid ?? ''}:${c.authToken ?? ''}`).toString('base64')}` },
    );
    if (r.status >= 300 || r.body.error_code) throw new Error(`twilio error: ${String(r.body.error_message ?? r.body.message ?? r.status)} (code: ${String(r.body.error_code ?? r.body.code ?? '')})`);
    return String(r.body.sid ?? '');
  }
  if (g.name === 'vonage') {
    const unicode = /[^\x00-\x7f]/.test(sms.body);
    const r = await post(`${g.apiUrl}/sms/json`, {
      from: c.from ?? '',
      to: sms.to_phone,
      text: sms.body,
      api_key: c.apiKey ?? '',
      api_secret: c.apiSecret ?? '',
      ...(unicode ? { type: 'unicode' } : {}),
    }, {});
    const first = (r.body.messages as { status?: string; 'message-id'?: string; 'error-text'?: string }[] | undefined)?.[0];
    if (r.status >= 300 || !first || first.status !== '0') throw new Error(`vonage error: ${first?.['error-text'] ?? r.status}`);
    return first['message-id'] ?? '';
  }
  const r = await post(
    `${g.apiUrl}/messages`,
    { originator: c.originator ?? '', body: sms.body, recipients: sms.to_phone, type: 'sms', datacoding: 'unicode' },
    { authorization: `AccessKey ${c.accessKey ?? ''}` },
  );
  const errors = r.body.errors as { description?: string }[] | undefined;
  if (r.status >= 300 || errors?.length) throw new Error(`messagebird error: ${errors?.map((e) => e.description).join('; ') || r.status}`);
  return String(r.body.id ?? '');
}

export type SmsDelivery = OutboxDrainer;

/** Delivers queued text messages: woken by NOTIFY when any instance queues one, and by a timer for retries. */
export async function startSmsDelivery(db: Db, gateway: SmsGateway, log: FastifyBaseLogger): Promise<SmsDelivery> {
  async function drainOnce(): Promise<void> {
    for (;;) {
      const batch = await claimDueSms(db, 20);
      if (batch.length === 0) return;
      for (const sms of batch) {
        try {
          await recordSmsAttempt(db, sms, { messageId: await sendViaGateway(gateway, sms) });
        } catch (err) {
          log.warn({ err, smsId: sms.id, attempt: sms.attempts }, 'sms delivery failed');
          await recordSmsAttempt(db, sms, { error: (err as Error).message });
        }
      }
    }
  }

  return startOutboxDrainer(db, { channel: SMS_CHANNEL, pollMs: POLL_MS, what: 'sms', log, drainOnce });
}
