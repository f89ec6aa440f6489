// One notification's email, start to finish: load it with the recipient's address and
// preferences, decide, render, send with the notification's id as the idempotency key, and
// record the outcome once. Two calls racing for one notification send one email: the mail
// layer keeps one message per key, and only one call records the outcome.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { renderNotificationEmail } from '../_shared/email-templates.ts';
import { MailError, sendMail } from '../_shared/mail.ts';
import { decideEmail, type EmailOutcome, type NotificationRecord } from './email-decision.ts';
import { emailHostNewsBatch, isHostNews } from './host-news-email.ts';

export type EmailResult =
  | { id: string; outcome: EmailOutcome; recorded: boolean; why?: string }
  | { id: string; outcome: 'already_handled' | 'not_found' }
  /** Host news waiting for its batch (decision 0311): the sweep hands it over when due. */
  | { id: string; outcome: 'deferred' }
  /** Host news sent (or not) with the rest of its batch, recorded for all of them. */
  | { id: string; outcome: EmailOutcome; batch: string[]; recorded: boolean }
  | { id: string; outcome: 'failed'; error: string };

async function record(supabase: SupabaseClient, id: string, status: EmailOutcome): Promise<boolean> {
  const { data, error } = await supabase.rpc('mark_notification_emailed', { notification_id: id, status });
  if (error) throw new Error(`mark_notification_emailed: ${error.message}`);
  return data === true;
}

export async function emailNotification(supabase: SupabaseClient, id: string, siteUrl: string): Promise<EmailResult> {
  try {
    const { data, error } = await supabase.rpc('notification_email', { notification_id: id });
    if (error) throw new Error(`notification_email: ${error.message}`);
    const n = data as NotificationRecord | null;
    if (!n) return { id, outcome: 'not_found' };
    if (n.emailed_at) return { id, outcome: 'already_handled' };
    if (isHostNews(n.kind)) {
      const batch = await emailHostNewsBatch(supabase, n, siteUrl);
      if (batch.kind === 'deferred') return { id, outcome: 'deferred' };
      if (batch.kind === 'handled') return { id, outcome: batch.outcome, batch: batch.ids, recorded: batch.recorded > 0 };
    }

    const decision = decideEmail(n);
    if (!decision.send) return { id, outcome: decision.outcome, why: decision.why, recorded: await record(supabase, id, decision.outcome) };

    const email = renderNotificationEmail({
      kind: n.kind,
      payload: n.payload,
      recipientName: n.display_name,
      event: n.event,
      actorName: n.actor?.display_name ?? null,
      locale: n.locale,
      siteUrl,
      group: n.group,
      unsubscribeToken: n.unsubscribe_token,
    })!;
    await sendMail({ to: n.email!, ...email, kind: n.kind, idempotencyKey: `notification-${n.id}` });
    return { id, outcome: 'sent', recorded: await record(supabase, id, 'sent') };
  } catch (err) {
    // Left unrecorded: the sweep (every minute, for a day) tries again. The detail (a database
    // or mail provider message) goes to the log, not into the answer.
    console.error(`notify: notification ${id}:`, (err as Error).message);
    return { id, outcome: 'failed', error: err instanceof MailError ? 'The email could not be sent.' : 'The notification could not be read or recorded.' };
  }
}
