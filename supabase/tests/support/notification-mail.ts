import { expect } from 'vitest';
import type { GatherServer, Member } from './gather-server.ts';

/** One message as the development inbox lists it. */
export interface InboxMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const addressOf = (m: Member) => `${m.username}@test.example`;

/** Every message sent to a member (optionally of one kind), newest first. */
export async function mailTo(g: GatherServer, m: Member, kind?: string): Promise<InboxMail[]> {
  const res = await g.fetch(`/_inbox/messages?to=${encodeURIComponent(addressOf(m))}`);
  const { messages } = (await res.json()) as { messages: InboxMail[] };
  return kind ? messages.filter((x) => x.kind === kind) : messages;
}

/** Waits until every notification of `kind` for `m` has its email handled, then returns its mail. */
export async function settledMail(g: GatherServer, m: Member, kind: string): Promise<InboxMail[]> {
  await expect
    .poll(
      async () =>
        (await g.db.query<{ n: number }>(
          `select count(*)::int as n from public.notifications where user_id = $1 and kind = $2 and emailed_at is null`,
          [m.id, kind],
        )).rows[0]!.n,
      { timeout: 30_000, interval: 100 },
    )
    .toBe(0);
  return mailTo(g, m, kind);
}

/** The outcome recorded on a member's notifications of one kind. */
export async function emailStatuses(g: GatherServer, m: Member, kind: string): Promise<(string | null)[]> {
  const { rows } = await g.db.query<{ email_status: string | null }>(
    'select email_status from public.notifications where user_id = $1 and kind = $2 order by created_at',
    [m.id, kind],
  );
  return rows.map((r) => r.email_status);
}

/** The single link in a message that points at an event page. */
export function eventLinkIn(mail: InboxMail): string {
  const link = /https?:\/\/\S+\/events\/[a-z0-9-]+(?:\/manage)?/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no event link in: ${mail.text}`);
  return link;
}
