// The emails `notify` sends, one per notification kind: plain text with a simple HTML twin that
// says the same, a greeting, what happened, when and where, one link, and why you got it.
// Pure functions (no Deno, no network), so the tests render them directly. The words come from
// i18n/, in the recipient's language (decision 0205).
import { CONVERSATION_EMAIL_KINDS, conversationContent } from './conversation-email-templates.ts';
import { GROUP_EMAIL_KINDS, groupContent } from './group-email-templates.ts';
import { intlTag, mailLocale, mailMessages, type ChangedWhat, type MailLocale, type MailMessages } from './i18n/index.ts';
import { NOTICE_EMAIL_KINDS, noticeContent } from './notice-email-templates.ts';
import { PAYMENT_EMAIL_KINDS, paymentContent } from './payment-email-templates.ts';
import { utcOffsetLabel } from './zoned-time.ts';

export interface EmailEvent {
  slug: string;
  title: string;
  starts_at: string;
  timezone: string;
  venue_name: string | null;
  address: string | null;
  is_online: boolean;
  cancel_reason: string | null;
}

export interface NotificationEmailInput {
  kind: string;
  payload: Record<string, unknown>;
  recipientName: string;
  /** The event as it is now; the payload's copy (slug, title) stands in when it is gone. */
  event: EmailEvent | null;
  /** Who acted, when the notification names someone (a join request's member). */
  actorName: string | null;
  siteUrl: string;
  /** The group as it is now, for a group's notifications; the payload's copy stands in. */
  group?: { slug: string; name: string } | null;
  /** Signed token of a new-event alert's unsubscribe link (decision 0103). */
  unsubscribeToken?: string | null;
  /** The recipient's language (profiles.locale); English when absent or unknown. */
  locale?: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface Content {
  subject: string;
  paragraphs: string[];
  details: [label: string, value: string][];
  /** Someone else's words (a host's message, a cancellation reason), shown set apart. */
  quote?: string;
  action: { label: string; url: string };
  outro?: string;
  /** A one-click way out of this kind of email, beside the settings link. */
  unsubscribe?: { text: string; url: string };
  /** Headed lists, each with its link (the daily digest: one per event or group). */
  sections?: { title: string; url: string; lines: string[] }[];
}

/** The kinds that have an email. Others (a kind added later) stay in-app only. */
export const EMAIL_KINDS = [
  'rsvp_promoted', 'rsvp_approved', 'rsvp_declined', 'rsvp_requested', 'event_cancelled',
  'host_message', 'reminder_24h', 'reminder_1h', 'cohost_added', 'event_changed', 'feedback_requested', ...GROUP_EMAIL_KINDS,
  ...PAYMENT_EMAIL_KINDS, ...NOTICE_EMAIL_KINDS, ...CONVERSATION_EMAIL_KINDS,
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export function isEmailKind(kind: string): kind is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(kind);
}

/**
 * The clock a language reads, as the app's Intl gives it for that language without a region
 * (decision 0301, 0327): 12 hours in English, 24 in French, German, Spanish and Portuguese.
 */
function languageClock(locale: MailLocale): 'h12' | 'h23' {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
}

/**
 * "Friday 10 July 2026 at 8:00 pm UTC+1 (Europe/Lisbon)": the app's rule for event times (decision
 * 0301) in an email — the venue's clock, the reader's language's 12 or 24 hours, the UTC offset
 * written as the app writes it — with the zone's name, which the event page also states.
 */
export function formatWhen(startsAt: string, timezone: string, locale: MailLocale = 'en'): string {
  const date = new Date(startsAt);
  const clock = languageClock(locale);
  const options: Intl.DateTimeFormatOptions = { ...mailMessages(locale).dateTime, hour: clock === 'h12' ? 'numeric' : '2-digit', hourCycle: clock };
  let zone = timezone;
  let formatted: string;
  try {
    formatted = new Intl.DateTimeFormat(intlTag(locale), { ...options, timeZone: timezone }).format(date);
  } catch {
    zone = 'UTC'; // an unknown zone name: say it in UTC rather than fail the email
    formatted = new Intl.DateTimeFormat(intlTag(locale), { ...options, timeZone: 'UTC' }).format(date);
  }
  const offset = utcOffsetLabel(date, zone);
  return zone === 'UTC' ? `${formatted} ${offset}` : `${formatted} ${offset} (${zone.replace(/_/g, ' ')})`;
}

function place(e: EmailEvent, m: MailMessages): string | undefined {
  const venue = [e.venue_name, e.address].filter((v): v is string => !!v && v.trim() !== '').join(', ');
  if (venue && e.is_online) return m.venueAndOnline(venue);
  if (venue) return venue;
  return e.is_online ? m.onlineOnly : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function contentFor(input: NotificationEmailInput, m: MailMessages, locale: MailLocale): Content | undefined {
  const { kind, payload, event } = input;
  const title = event?.title ?? str(payload.title) ?? m.yourEvent;
  const slug = event?.slug ?? str(payload.slug);
  const eventUrl = slug ? `${input.siteUrl}/events/${encodeURIComponent(slug)}` : input.siteUrl;
  const manageUrl = slug ? `${eventUrl}/manage` : input.siteUrl;
  const details: Content['details'] = [];
  if (event) {
    details.push([m.when, formatWhen(event.starts_at, event.timezone, locale)]);
    const where = place(event, m);
    if (where) details.push([m.where, where]);
  }
  const seeEvent = { label: m.seeEvent, url: eventUrl };
  switch (kind) {
    case 'rsvp_promoted':
      return {
        subject: m.rsvpPromoted.subject(title), paragraphs: [m.rsvpPromoted.body(title)], details, action: seeEvent, outro: m.cantMakeIt,
      };
    case 'rsvp_approved':
      return {
        subject: m.rsvpApproved.subject(title), paragraphs: [m.rsvpApproved.body(title)], details, action: seeEvent, outro: m.cantMakeIt,
      };
    case 'rsvp_declined':
      return { subject: m.rsvpDeclined.subject(title), paragraphs: [m.rsvpDeclined.body(title)], details: [], action: seeEvent };
    case 'rsvp_requested':
      return {
        subject: m.rsvpRequested.subject(title),
        paragraphs: [m.rsvpRequested.body(input.actorName ?? m.someone, title)],
        details, action: { label: m.rsvpRequested.action, url: manageUrl },
      };
    case 'event_cancelled': {
      const reason = str(event?.cancel_reason) ?? str(payload.reason);
      return {
        subject: m.eventCancelled.subject(title),
        paragraphs: [reason ? m.eventCancelled.bodyWithReason(title) : m.eventCancelled.body(title)],
        quote: reason, details, action: seeEvent,
      };
    }
    case 'host_message':
      return {
        subject: `${str(payload.subject) ?? m.hostMessage.defaultSubject} · ${title}`,
        paragraphs: [m.hostMessage.body(str(payload.from_name) ?? m.theHost, title)],
        quote: typeof payload.body === 'string' ? payload.body : '',
        details, action: seeEvent,
      };
    case 'reminder_24h':
      return { subject: m.reminder24h.subject(title), paragraphs: [m.reminder24h.body(title)], details, action: seeEvent };
    case 'reminder_1h':
      return { subject: m.reminder1h.subject(title), paragraphs: [m.reminder1h.body(title)], details, action: seeEvent };
    case 'feedback_requested':
      return {
        subject: m.feedbackRequested.subject(title), paragraphs: [m.feedbackRequested.body(title)], details: [],
        action: { label: m.feedbackRequested.action, url: `${eventUrl}#feedback` },
      };
    case 'event_changed':
      return changedContent(input, m, locale, title, details, seeEvent);
    case 'cohost_added': {
      const from = str(payload.from_name) ?? m.theHost;
      const checker = payload.role === 'checker';
      return {
        subject: checker ? m.cohostAdded.subjectChecker(title) : m.cohostAdded.subjectCohost(title),
        paragraphs: [checker ? m.cohostAdded.bodyChecker(from, title) : m.cohostAdded.bodyCohost(from, title)],
        details, action: { label: m.cohostAdded.action, url: manageUrl },
      };
    }
    default:
      return groupContent(input, details, m) ?? paymentContent(input, details, m, locale, (iso, zone) => formatWhen(iso, zone, locale))
        ?? noticeContent(input, details, m, locale) ?? conversationContent(input, m);
  }
}

/**
 * A date moved or changed place (decision 0135): what it is now (the event as it is when the
 * email goes), then what it was, from the notification's copy of the old values.
 */
function changedContent(
  input: NotificationEmailInput, m: MailMessages, locale: MailLocale, title: string, details: Content['details'], action: Content['action'],
): Content {
  const changed = Array.isArray(input.payload.changed) ? input.payload.changed : [];
  const time = changed.includes('time');
  const what: ChangedWhat = time && changed.includes('place') ? 'both' : time ? 'time' : 'place';
  const before: string[] = [];
  const oldStart = str(input.payload.old_starts_at);
  if (what !== 'place' && oldStart) before.push(formatWhen(oldStart, input.event?.timezone ?? str(input.payload.timezone) ?? 'UTC', locale));
  const oldVenue = str(input.payload.old_venue_name);
  if (what !== 'time' && oldVenue && oldVenue !== input.event?.venue_name) before.push(oldVenue);
  return {
    subject: m.eventChanged.subject(what, title),
    paragraphs: [m.eventChanged.body(what, title)],
    details: before.length ? [...details, [m.eventChanged.before, before.join(' · ')]] : details,
    action, outro: m.cantMakeIt,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function toText(c: Content, name: string, siteUrl: string, m: MailMessages): string {
  return [
    m.greeting(name),
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.quote ? [...c.quote.split(/\r?\n/).map((l) => `> ${l}`.trimEnd()), ''] : []),
    ...(c.sections ?? []).flatMap((s) => [s.title, ...s.lines.map((l) => `- ${l}`), s.url, '']),
    ...(c.details.length ? [...c.details.map(([k, v]) => m.labelled(k, v)), ''] : []),
    m.labelled(c.action.label, c.action.url),
    '',
    ...(c.outro ? [c.outro, ''] : []),
    '-- ',
    m.footer(`${siteUrl}/settings`),
    ...(c.unsubscribe ? [m.labelled(c.unsubscribe.text, c.unsubscribe.url)] : []),
    '',
  ].join('\n');
}

function toHtml(c: Content, name: string, siteUrl: string, m: MailMessages): string {
  const settings = `${siteUrl}/settings`;
  return [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(m.greeting(name))}</p>`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    c.quote
      ? `<blockquote style="margin:0 0 1em;padding:0 1em;border-left:3px solid #d1d5db;white-space:pre-wrap">${escapeHtml(c.quote)}</blockquote>`
      : '',
    ...(c.sections ?? []).map(
      (s) =>
        `<h3 style="margin:1em 0 0.25em;font-size:1em"><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a></h3><ul style="margin:0 0 1em">${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ),
    c.details.length ? `<p>${c.details.map(([k, v]) => `<strong>${escapeHtml(m.labelled(k, '').trimEnd())}</strong> ${escapeHtml(v)}`).join('<br>')}</p>` : '',
    `<p><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:0.6em 1.2em;background:#4338ca;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>`,
    c.outro ? `<p>${escapeHtml(c.outro)}</p>` : '',
    `<p style="color:#4b5563;font-size:0.875em">${escapeHtml(m.footerHtml.text)} <a href="${escapeHtml(settings)}">${escapeHtml(m.footerHtml.link)}</a>.</p>`,
    c.unsubscribe
      ? `<p style="color:#4b5563;font-size:0.875em"><a href="${escapeHtml(c.unsubscribe.url)}">${escapeHtml(c.unsubscribe.text)}</a></p>`
      : '',
    '</body></html>',
  ].join('');
}

/** What a notification says (subject, lines, link) in the reader's language; push shows it too. */
export function notificationContent(input: NotificationEmailInput): Content | undefined {
  const locale = mailLocale(input.locale);
  return contentFor(input, mailMessages(locale), locale);
}

/** The email for a notification, or undefined for a kind that has none. */
export function renderNotificationEmail(input: NotificationEmailInput): RenderedEmail | undefined {
  const locale = mailLocale(input.locale);
  const c = contentFor(input, mailMessages(locale), locale);
  return c ? renderContent(c, input.recipientName, input.siteUrl, locale) : undefined;
}

/** Any content as an email: greeting, text and its HTML twin, the footer (host news batches use it too). */
export function renderContent(c: Content, recipientName: string, siteUrl: string, locale: MailLocale): RenderedEmail {
  const m = mailMessages(locale);
  const name = recipientName.trim();
  // A subject is one line, whatever a host typed.
  const subject = c.subject.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return { subject, text: toText(c, name, siteUrl, m), html: toHtml(c, name, siteUrl, m) };
}
