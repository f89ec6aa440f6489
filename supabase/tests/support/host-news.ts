import { expect } from 'vitest';
import type { GatherServer, Member } from './gather-server.ts';

// Host news (decision 0311) as the tests need it: a member's choices per kind and channel, their
// rows as the database planned them (read as the owner, so email-only rows count too), and the
// clock of batches and digests moved by making what waits due now.

export interface HostNewsRow {
  kind: string;
  payload: Record<string, unknown>;
  in_app: boolean;
  email_status: string | null;
  email_after: string | null;
  email_batch: string | null;
  created_at: string;
}

type Delivery = 'instant' | 'daily' | 'off';

/** Sets `m`'s delivery of `kind` on the channels given, as they would from the settings page. */
export async function prefer(g: GatherServer, m: Member, kind: string, choice: { in_app?: Delivery; email?: Delivery; push?: Delivery }): Promise<void> {
  for (const [channel, delivery] of Object.entries(choice)) {
    await g.sqlAs(m)(
      `insert into public.notification_kind_preferences (kind, channel, delivery) values ($1, $2, $3)
       on conflict (user_id, kind, channel) do update set delivery = excluded.delivery`,
      [kind, channel, delivery],
    );
  }
}

/** `m`'s notifications of these kinds about one event or group, oldest first. */
export async function notificationsOf(g: GatherServer, m: Member, kinds: string[], targetId: string): Promise<HostNewsRow[]> {
  const { rows } = await g.db.query<HostNewsRow>(
    `select kind, payload, in_app, email_status, email_after::text as email_after, email_batch, created_at::text as created_at
     from public.notifications
     where user_id = $1 and kind = any ($2) and coalesce(payload ->> 'event_id', payload ->> 'group_id') = $3
     order by created_at, id`,
    [m.id, kinds, targetId],
  );
  return rows.map((r) => ({ ...r, email_after: r.email_after && new Date(r.email_after).toISOString(), created_at: new Date(r.created_at).toISOString() }));
}

/**
 * Waits until `m`'s email is handled: at least `count` rows recorded when given, else every row
 * that is due (batched rows waiting for their hour or their digest are not).
 */
export async function waitHandled(g: GatherServer, m: Member, count?: number): Promise<void> {
  const sql = count === undefined
    ? `select count(*)::int as n from public.notifications where user_id = $1 and emailed_at is null and (email_after is null or email_after <= now())`
    : `select count(*)::int as n from public.notifications where user_id = $1 and emailed_at is not null`;
  const handled = expect.poll(async () => (await g.db.query<{ n: number }>(sql, [m.id])).rows[0]!.n, { timeout: 30_000, interval: 100 });
  await (count === undefined ? handled.toBe(0) : handled.toBeGreaterThanOrEqual(count));
}

/** What waits for `m`'s batches and digest falls due now, as if the hour or the morning had come. */
export async function dueNow(g: GatherServer, m: Member): Promise<void> {
  await g.db.query(
    `update public.notifications set email_after = now() - interval '1 second'
     where user_id = $1 and emailed_at is null and email_after is not null`,
    [m.id],
  );
}

/** One run of the pg_cron sweep that hands due email to `notify`. */
export async function runSweep(g: GatherServer): Promise<void> {
  await g.db.query('select private.email_pending_notifications()');
}
