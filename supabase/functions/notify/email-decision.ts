// Whether a notification gets an email: its kind has one, the member wants that kind, they
// have an address, and (for reminders) it is still true. Pure, so the tests call it directly.
import { isEmailKind, type EmailEvent, type EmailKind } from '../_shared/email-templates.ts';

/** What `public.notification_email(id)` returns. */
export interface NotificationRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  created_at: string;
  emailed_at: string | null;
  email_status: string | null;
  email: string | null;
  display_name: string;
  /** The recipient's language, profiles.locale ('en' when not chosen). */
  locale?: string;
  preferences: Record<string, unknown>;
  event: (EmailEvent & { id: string; status: string; ends_at: string }) | null;
  actor: { display_name: string; username: string } | null;
  /** For a group's notifications: the group, and the recipient's membership as it is now. */
  group?: { id: string; slug: string; name: string } | null;
  membership?: { status: string; role: string; alerts: string } | null;
  unsubscribe_token?: string | null;
}

/** What became of the email, as `notifications.email_status` records it. */
export type EmailOutcome = 'sent' | 'opted_out' | 'no_address' | 'skipped';

/**
 * The column of `notification_preferences` that switches each kind's email on or off. New-event
 * alerts have none: each membership's `alerts` decides (decision 0103). Host news (requests to
 * join among them) has none either: the database planned its email from the member's per-kind
 * choice when it made the notification (decision 0311), and moderation notices are always sent.
 */
export const PREFERENCE_FOR_KIND: Partial<Record<EmailKind, string>> = {
  rsvp_promoted: 'email_rsvp_updates',
  rsvp_approved: 'email_rsvp_updates',
  rsvp_declined: 'email_rsvp_updates',
  event_cancelled: 'email_rsvp_updates',
  cohost_added: 'email_rsvp_updates',
  event_changed: 'email_rsvp_updates',
  host_message: 'email_host_messages',
  reminder_24h: 'email_reminders',
  reminder_1h: 'email_reminders',
  feedback_requested: 'email_reminders',
  group_announcement: 'email_host_messages',
  group_join_approved: 'email_rsvp_updates',
  group_role_changed: 'email_rsvp_updates',
};

export type EmailDecision = { send: true; kind: EmailKind } | { send: false; outcome: Exclude<EmailOutcome, 'sent'>; why: string };

/** Why an email about an upcoming event is no longer true, if it is not. */
function staleEvent(n: NotificationRecord, now: Date): string | undefined {
  const e = n.event;
  if (!e) return 'the event is gone';
  if (e.status !== 'published') return `the event is ${e.status}`;
  if (new Date(e.starts_at).getTime() <= now.getTime()) return 'the event has started';
  return undefined;
}

/** A reminder is only worth sending for the event as it was announced, before it starts. */
export function staleReminder(n: NotificationRecord, now: Date): string | undefined {
  const stale = staleEvent(n, now);
  if (stale) return stale;
  const e = n.event!;
  const announced = typeof n.payload.starts_at === 'string' ? new Date(n.payload.starts_at).getTime() : undefined;
  if (announced !== undefined && announced !== new Date(e.starts_at).getTime()) return 'the event was moved';
  return undefined;
}

/**
 * A change is worth an email while the event is still as that change left it (decision 0135).
 * When it changed again since, the later change's own notification says how it is now, so a
 * member who gets both after a quick correction reads one email, not two that disagree.
 */
export function staleChange(n: NotificationRecord, now: Date): string | undefined {
  const stale = staleEvent(n, now);
  if (stale) return stale;
  const e = n.event!;
  const p = n.payload;
  const sameTime = (a: unknown, b: string) => typeof a !== 'string' || Date.parse(a) === Date.parse(b);
  const same = (a: unknown, b: unknown) => a === undefined || (a ?? null) === (b ?? null);
  if (!sameTime(p.starts_at, e.starts_at) || !sameTime(p.ends_at, e.ends_at) || !same(p.timezone, e.timezone)
      || !same(p.venue_name, e.venue_name) || !same(p.address, e.address) || !same(p.is_online, e.is_online)) {
    return 'the event changed again since';
  }
  return undefined;
}

/** A group's news is for its members as they are when the email goes, not when it was made. */
export function groupObjection(n: NotificationRecord, now: Date): EmailDecision | undefined {
  if (n.kind !== 'group_event_published' && n.kind !== 'group_announcement') return undefined;
  if (n.membership?.status !== 'active') return { send: false, outcome: 'skipped', why: 'no longer a member of the group' };
  if (n.kind === 'group_announcement') return undefined;
  if (n.membership.alerts !== 'all') return { send: false, outcome: 'opted_out', why: 'alerts for this group are off' };
  const stale = staleEvent(n, now);
  return stale ? { send: false, outcome: 'skipped', why: stale } : undefined;
}

export function decideEmail(n: NotificationRecord, now = new Date()): EmailDecision {
  if (!isEmailKind(n.kind)) return { send: false, outcome: 'skipped', why: `no email for ${n.kind}` };
  // A missing preference (a column added later, no row) means the default: on.
  const preference = PREFERENCE_FOR_KIND[n.kind];
  if (preference && n.preferences[preference] === false) return { send: false, outcome: 'opted_out', why: preference };
  const objection = groupObjection(n, now);
  if (objection) return objection;
  if (!n.email) return { send: false, outcome: 'no_address', why: 'the member has no email address' };
  if (n.kind === 'event_changed') {
    const stale = staleChange(n, now);
    if (stale) return { send: false, outcome: 'skipped', why: stale };
  }
  if (n.kind === 'reminder_24h' || n.kind === 'reminder_1h') {
    const stale = staleReminder(n, now);
    if (stale) return { send: false, outcome: 'skipped', why: stale };
  }
  return { send: true, kind: n.kind };
}
