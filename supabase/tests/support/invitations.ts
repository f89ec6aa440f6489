import type { GatherServer, Member } from './gather-server.ts';

// Invitations (decision 0305) as the hosts make them, and an email invitation's token as its
// email carries it (read by the service role, as `send-invitations` does).

export interface InviteResult {
  invited: string[];
  already_invited: string[];
  invalid: string[];
}

export interface InviteLink {
  id: string;
  token: string;
  use_count: number;
  max_uses: number | null;
  expires_at: string | null;
}

/** Invites the pasted `emails` to an event (or a group with `target: 'group'`) as `by`. */
export async function invite(g: GatherServer, by: Member, id: string, emails: string, target: 'event' | 'group' = 'event'): Promise<InviteResult> {
  const fn = target === 'event' ? 'invite_to_event' : 'invite_to_group';
  return (await g.sqlAs(by)<{ r: InviteResult }>(`select public.${fn}($1, $2) as r`, [id, emails]))[0]!.r;
}

/** A link made by `by` for an event or a group. */
export async function makeLink(
  g: GatherServer, by: Member, opts: { event_id?: string; group_id?: string; expires_at?: string; max_uses?: number },
): Promise<InviteLink> {
  const rows = await g.sqlAs(by)<{ r: InviteLink }>('select public.create_invite_link($1, $2, $3, $4) as r', [
    opts.event_id ?? null, opts.group_id ?? null, opts.expires_at ?? null, opts.max_uses ?? null,
  ]);
  return rows[0]!.r;
}

/** The signed token of the email invitation of `email` to an event or group. */
export async function emailTokenFor(g: GatherServer, targetId: string, email: string): Promise<string> {
  const { rows } = await g.db.query<{ id: string }>(
    'select id from public.invitations where (event_id = $1 or group_id = $1) and email = $2', [targetId, email]);
  const mail = (await g.sqlAs('service')<{ m: { token: string } }>('select public.invitation_email($1) as m', [rows[0]!.id]))[0]!.m;
  return mail.token;
}
