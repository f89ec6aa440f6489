// Host news by email (decision 0311). The database planned each row when it made it: at once, in
// an hour's batch of one kind about one event or group, or in the daily digest. A batch goes out
// as one email once due, its idempotency key its oldest row's (`notification-<id>`, so a retry
// is still one email), and every row of it is recorded. A batch of one reads as that one thing.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { renderContent } from '../_shared/email-templates.ts';
import { batchContent, digestContent, type BatchItem } from '../_shared/host-news-batch.ts';
import { mailLocale } from '../_shared/i18n/index.ts';
import { HOST_NEWS_KINDS } from '../_shared/i18n/notices/index.ts';
import { sendMail } from '../_shared/mail.ts';
import type { EmailOutcome, NotificationRecord } from './email-decision.ts';

/** What public.notification_batch returns. */
interface Batch {
  batch: string | null;
  digest: boolean;
  due: boolean;
  items: BatchItem[];
}

export function isHostNews(kind: string): boolean {
  return (HOST_NEWS_KINDS as readonly string[]).includes(kind);
}

export type BatchOutcome =
  | { kind: 'single' }
  | { kind: 'deferred' }
  | { kind: 'handled'; outcome: EmailOutcome; ids: string[]; recorded: number };

async function record(supabase: SupabaseClient, ids: string[], status: EmailOutcome): Promise<number> {
  const { data, error } = await supabase.rpc('mark_notifications_emailed', { ids, status });
  if (error) throw new Error(`mark_notifications_emailed: ${error.message}`);
  return data as number;
}

/**
 * Sends the batch `n` belongs to, if it is one and due. `single` leaves a lone row that was
 * emailed at once to the one-notification path, with its own template.
 */
export async function emailHostNewsBatch(supabase: SupabaseClient, n: NotificationRecord, siteUrl: string): Promise<BatchOutcome> {
  const { data, error } = await supabase.rpc('notification_batch', { notification_id: n.id });
  if (error) throw new Error(`notification_batch: ${error.message}`);
  const b = data as Batch | null;
  if (!b || b.items.length === 0) return { kind: 'handled', outcome: 'skipped', ids: [], recorded: 0 };
  if (!b.due) return { kind: 'deferred' };
  if (!b.digest && b.items.length === 1 && b.items[0]!.id === n.id) return { kind: 'single' };
  const ids = b.items.map((i) => i.id);
  if (!n.email) return { kind: 'handled', outcome: 'no_address', ids, recorded: await record(supabase, ids, 'no_address') };
  const locale = mailLocale(n.locale);
  const content = b.digest ? digestContent(b.items, siteUrl, locale) : batchContent(b.items, siteUrl, locale);
  const email = renderContent(content, n.display_name, siteUrl, locale);
  await sendMail({ to: n.email, ...email, kind: b.digest ? 'host_news_digest' : n.kind, idempotencyKey: `notification-${ids[0]}` });
  return { kind: 'handled', outcome: 'sent', ids, recorded: await record(supabase, ids, 'sent') };
}
