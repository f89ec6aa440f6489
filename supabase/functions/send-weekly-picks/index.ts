// The weekly email of picks (decision 0380): pg_cron queues one per member on Monday at 08:00 UTC
// (private.queue_weekly_picks, migration 20261129334000) and calls this to send the queue. Each
// email carries a one-click unsubscribe link, also as RFC 8058 List-Unsubscribe headers. A member
// who turned the email off since it was queued gets nothing. Service role only.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, preflight } from '../_shared/cors.ts';
import { sendMail } from '../_shared/mail.ts';
import { methodNotAllowed, unavailable } from '../_shared/request.ts';
import { requireServiceRole } from '../_shared/service-role.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { weeklyPicksEmail, type Pick } from '../_shared/weekly-picks-email.ts';

interface Queued {
  user_id: string;
  week: string;
  picks: Pick[];
  email: string | null;
  display_name: string;
  locale: string;
  wanted: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Where the unsubscribe function answers from outside: the public API, else the site (gather-server serves both). */
function functionsBase(req: Request): string {
  const api = Deno.env.get('SUPABASE_URL');
  if (api && !LOOPBACK.test(new URL(api).hostname)) return `${api.replace(/\/+$/, '')}/functions/v1`;
  return `${siteUrl(Deno.env, req)}/functions/v1`;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const denied = requireServiceRole(req, 'send-weekly-picks');
  if (denied) return denied;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const db = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await db.rpc('weekly_picks_outbox', { max: 200 });
  if (error) return unavailable('send-weekly-picks', 'reading the queue', error);
  const site = siteUrl(Deno.env, req);
  const counts = { sent: 0, opted_out: 0, no_address: 0, failed: 0 };
  for (const q of data as Queued[]) {
    const mark = (status: 'sent' | 'opted_out' | 'no_address') =>
      db.rpc('mark_weekly_picks', { user_id: q.user_id, week: q.week, status });
    if (!q.wanted || !q.email) {
      const status = q.wanted ? 'no_address' : 'opted_out';
      await mark(status);
      counts[status]++;
      continue;
    }
    const token = await db.rpc('weekly_picks_token', { user_id: q.user_id });
    if (token.error) return unavailable('send-weekly-picks', 'making the unsubscribe link', token.error);
    const unsubscribeUrl = `${functionsBase(req)}/weekly-picks-unsubscribe?token=${encodeURIComponent(token.data as string)}`;
    const mail = weeklyPicksEmail({ locale: q.locale, displayName: q.display_name, picks: q.picks, siteUrl: site, unsubscribeUrl });
    try {
      await sendMail({
        to: q.email, subject: mail.subject, text: mail.text, kind: 'weekly_picks',
        idempotencyKey: `weekly-picks:${q.user_id}:${q.week}`,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await mark('sent');
      counts.sent++;
    } catch (err) {
      // Left queued: the next call retries it (the idempotency key keeps it one email).
      console.error('send-weekly-picks: sending failed', q.user_id, err);
      counts.failed++;
    }
  }
  return json(counts);
});
