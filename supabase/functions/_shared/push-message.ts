// Whether a notification is pushed, and what the push says (decision 0336). Pure, so the tests
// call it directly. The words are the email's (same kinds, same five languages): its subject is
// the title, its first line the body, its link the url. Push payloads are exactly
// `{ "title", "body", "url" }`: other tools rely on that shape.
import { groupObjection, staleChange, staleReminder, type NotificationRecord } from '../notify/email-decision.ts';
import { notificationContent } from './email-templates.ts';

/** What `public.claim_notification_push(id)` returns. */
export interface PushRecord extends NotificationRecord {
  /** A host-news or conversation kind's choice by push ('instant' or 'off'); null for other kinds. */
  push_delivery: string | null;
  devices: PushDevice[];
}

export interface PushDevice {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** What `notifications.push_status` records. */
export type PushOutcome = 'sent' | 'opted_out' | 'no_device' | 'skipped' | 'not_configured' | 'failed';

/**
 * The `notification_preferences` column that switches each kind's push on or off. Host news has
 * its own per-kind choice (push_delivery); a kind in neither is not pushed (payments, moderation
 * notices: email and the bell say those).
 */
export const PUSH_PREFERENCE_FOR_KIND: Record<string, string> = {
  reminder_24h: 'push_reminders',
  reminder_1h: 'push_reminders',
  feedback_requested: 'push_reminders',
  rsvp_promoted: 'push_rsvp_updates',
  rsvp_approved: 'push_rsvp_updates',
  rsvp_declined: 'push_rsvp_updates',
  event_cancelled: 'push_rsvp_updates',
  event_changed: 'push_rsvp_updates',
  cohost_added: 'push_rsvp_updates',
  group_join_approved: 'push_rsvp_updates',
  group_role_changed: 'push_rsvp_updates',
  ticket_offer: 'push_rsvp_updates',
  host_message: 'push_host_messages',
  group_announcement: 'push_host_messages',
  group_event_published: 'push_group_events',
};

/**
 * Kinds whose push choice is a per-kind row (`notification_kind_preferences`, channel push) the
 * database answers as push_delivery: host news (decision 0311) and conversations (decision 0405).
 */
const PER_KIND_CHOICE = new Set([
  'new_rsvp', 'new_waitlist', 'rsvp_requested', 'group_join_requested', 'new_member', 'new_comment',
  'mention', 'discussion_reply', 'direct_message',
]);

export type PushDecision = { send: true } | { send: false; outcome: Exclude<PushOutcome, 'sent' | 'failed'>; why: string };

export function decidePush(n: PushRecord, now = new Date()): PushDecision {
  if (PER_KIND_CHOICE.has(n.kind)) {
    if (n.push_delivery === 'off') return { send: false, outcome: 'opted_out', why: `push for ${n.kind} is off` };
  } else {
    const preference = PUSH_PREFERENCE_FOR_KIND[n.kind];
    if (!preference) return { send: false, outcome: 'skipped', why: `no push for ${n.kind}` };
    // A missing preference (no row) means the default: on.
    if (n.preferences[preference] === false) return { send: false, outcome: 'opted_out', why: preference };
  }
  const objection = groupObjection(n, now);
  if (objection && !objection.send) return { send: false, outcome: objection.outcome === 'opted_out' ? 'opted_out' : 'skipped', why: objection.why };
  const stale = n.kind === 'event_changed' ? staleChange(n, now) : n.kind.startsWith('reminder_') ? staleReminder(n, now) : undefined;
  if (stale) return { send: false, outcome: 'skipped', why: stale };
  if (n.devices.length === 0) return { send: false, outcome: 'no_device', why: 'no device allowed push' };
  return { send: true };
}

/** A phone shows two or three lines: the rest is for the page the notification opens. */
const MAX_BODY = 180;

function oneLine(s: string, max: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The push for a notification, in the member's language, or undefined for a kind with no words. */
export function pushPayload(n: NotificationRecord, siteUrl: string): PushPayload | undefined {
  const content = notificationContent({
    kind: n.kind, payload: n.payload, recipientName: n.display_name, event: n.event, actorName: n.actor?.display_name ?? null,
    locale: n.locale, siteUrl, group: n.group, unsubscribeToken: n.unsubscribe_token,
  });
  if (!content) return undefined;
  // A host's own words say more than "X sent a message about Y".
  const body = content.quote?.trim() ? content.quote : (content.paragraphs[0] ?? '');
  return { title: oneLine(content.subject, 120), body: oneLine(body, MAX_BODY), url: content.action.url };
}
