// One invitation's email, start to finish, as `notify` handles a notification's (decision 0045):
// load it (address, signed token, language, the event or group as it is now), decide, render,
// send with `invitation-<id>` as the idempotency key, and record the outcome once.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { EmailEvent } from '../_shared/email-templates.ts';
import { renderInvitationEmail } from '../_shared/invitation-email-templates.ts';
import { MailError, sendMail } from '../_shared/mail.ts';

/** What `public.invitation_email(id)` returns. */
export interface InvitationRecord {
  id: string;
  email: string;
  token: string;
  emailed_at: string | null;
  response: string | null;
  locale: string | null;
  inviter_name: string | null;
  event: (EmailEvent & { id: string; status: string; hidden: boolean }) | null;
  group: { id: string; slug: string; name: string; city: string; hidden: boolean } | null;
}

export type InvitationResult =
  | { id: string; outcome: 'sent' | 'skipped'; recorded: boolean; why?: string }
  | { id: string; outcome: 'already_handled' | 'not_found' }
  | { id: string; outcome: 'failed'; error: string };

/** Why the invitation is no longer worth an email, if it is not. Pure, for the tests. */
export function staleInvitation(inv: InvitationRecord, now = new Date()): string | undefined {
  if (inv.response) return 'already answered';
  if (inv.event) {
    if (inv.event.hidden) return 'the event is hidden';
    if (inv.event.status !== 'published') return `the event is ${inv.event.status}`;
    if (new Date(inv.event.starts_at).getTime() <= now.getTime()) return 'the event has started';
    return undefined;
  }
  if (!inv.group) return 'the event or group is gone';
  return inv.group.hidden ? 'the group is hidden' : undefined;
}

async function record(supabase: SupabaseClient, id: string, status: 'sent' | 'skipped'): Promise<boolean> {
  const { data, error } = await supabase.rpc('mark_invitation_emailed', { invitation_id: id, status });
  if (error) throw new Error(`mark_invitation_emailed: ${error.message}`);
  return data === true;
}

export async function emailInvitation(supabase: SupabaseClient, id: string, siteUrl: string): Promise<InvitationResult> {
  try {
    const { data, error } = await supabase.rpc('invitation_email', { invitation_id: id });
    if (error) throw new Error(`invitation_email: ${error.message}`);
    const inv = data as InvitationRecord | null;
    if (!inv) return { id, outcome: 'not_found' };
    if (inv.emailed_at) return { id, outcome: 'already_handled' };
    const why = staleInvitation(inv);
    if (why) return { id, outcome: 'skipped', why, recorded: await record(supabase, id, 'skipped') };
    const email = renderInvitationEmail({
      email: inv.email, token: inv.token, inviterName: inv.inviter_name, event: inv.event, group: inv.group, locale: inv.locale, siteUrl,
    });
    await sendMail({ to: inv.email, ...email, kind: 'invitation', idempotencyKey: `invitation-${inv.id}` });
    return { id, outcome: 'sent', recorded: await record(supabase, id, 'sent') };
  } catch (err) {
    // Left unrecorded: the sweep (every minute, for a day) tries again.
    console.error(`send-invitations: invitation ${id}:`, (err as Error).message);
    return { id, outcome: 'failed', error: err instanceof MailError ? 'The email could not be sent.' : 'The invitation could not be read or recorded.' };
  }
}
