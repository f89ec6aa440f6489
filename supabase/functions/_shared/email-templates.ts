// The emails `notify` sends, one per notification kind: plain text with a simple HTML twin that
// says the same, a greeting, what happened, when and where, one link, and why you got it.
// Pure functions (no Deno, no network), so the tests render them directly.

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
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface Content {
  subject: string;
  paragraphs: string[];
  details: [label: string, value: string][];
  /** Someone else's words (a host's message, a cancellation reason), shown set apart. */
  quote?: string;
  action: { label: string; url: string };
  outro?: string;
}

/** The kinds that have an email. Others (a kind added later) stay in-app only. */
export const EMAIL_KINDS = [
  'rsvp_promoted', 'rsvp_approved', 'rsvp_declined', 'rsvp_requested', 'event_cancelled',
  'host_message', 'reminder_24h', 'reminder_1h', 'cohost_added',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export function isEmailKind(kind: string): kind is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(kind);
}

/** "Friday 10 July 2026 at 20:00 (Europe/Lisbon)", in the event's own zone. */
export function formatWhen(startsAt: string, timezone: string): string {
  const date = new Date(startsAt);
  let zone = timezone;
  let formatted: string;
  try {
    formatted = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: timezone,
    }).format(date);
  } catch {
    zone = 'UTC'; // an unknown zone name: say it in UTC rather than fail the email
    formatted = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC',
    }).format(date);
  }
  return `${formatted} (${zone.replace(/_/g, ' ')})`;
}

function place(e: EmailEvent): string | undefined {
  const venue = [e.venue_name, e.address].filter((v): v is string => !!v && v.trim() !== '').join(', ');
  if (venue && e.is_online) return `${venue}, and online (the link is on the event page)`;
  if (venue) return venue;
  return e.is_online ? 'Online: the link is on the event page' : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function contentFor(input: NotificationEmailInput): Content | undefined {
  const { kind, payload, event } = input;
  const title = event?.title ?? str(payload.title) ?? 'your event';
  const slug = event?.slug ?? str(payload.slug);
  const eventUrl = slug ? `${input.siteUrl}/events/${encodeURIComponent(slug)}` : input.siteUrl;
  const manageUrl = slug ? `${eventUrl}/manage` : input.siteUrl;
  const details: Content['details'] = [];
  if (event) {
    details.push(['When', formatWhen(event.starts_at, event.timezone)]);
    const where = place(event);
    if (where) details.push(['Where', where]);
  }
  const seeEvent = { label: 'See the event', url: eventUrl };
  switch (kind) {
    case 'rsvp_promoted':
      return {
        subject: `You're going to ${title}`,
        paragraphs: [`Good news: a spot opened up and you're off the waitlist. You're going to ${title}.`],
        details, action: seeEvent,
        outro: "Can't make it any more? Cancel your RSVP on the event page so someone else can go.",
      };
    case 'rsvp_approved':
      return {
        subject: `Request approved: ${title}`,
        paragraphs: [`The hosts approved your request. You're going to ${title}.`],
        details, action: seeEvent,
        outro: "Can't make it any more? Cancel your RSVP on the event page so someone else can go.",
      };
    case 'rsvp_declined':
      return {
        subject: `Your request for ${title}`,
        paragraphs: [`The hosts couldn't accept your request to join ${title} this time.`],
        details: [], action: seeEvent,
      };
    case 'rsvp_requested':
      return {
        subject: `New request to join ${title}`,
        paragraphs: [`${input.actorName ?? 'Someone'} asked to join ${title}. Approve or decline the request on the guest list.`],
        details, action: { label: 'Open the guest list', url: manageUrl },
      };
    case 'event_cancelled': {
      const reason = str(event?.cancel_reason) ?? str(payload.reason);
      return {
        subject: `Cancelled: ${title}`,
        paragraphs: [`${title} has been cancelled by its hosts.${reason ? ' They said:' : ''}`],
        quote: reason, details, action: seeEvent,
      };
    }
    case 'host_message': {
      const from = str(payload.from_name) ?? 'The host';
      return {
        subject: `${str(payload.subject) ?? 'A message from the host'} · ${title}`,
        paragraphs: [`${from} sent a message to the guests of ${title}:`],
        quote: typeof payload.body === 'string' ? payload.body : '',
        details, action: seeEvent,
      };
    }
    case 'reminder_24h':
      return { subject: `Tomorrow: ${title}`, paragraphs: [`A reminder: ${title} is tomorrow.`], details, action: seeEvent };
    case 'reminder_1h':
      return { subject: `Starting soon: ${title}`, paragraphs: [`${title} starts in about an hour.`], details, action: seeEvent };
    case 'cohost_added': {
      const role = payload.role === 'checker' ? 'a checker' : 'a co-host';
      return {
        subject: `You're now ${role} of ${title}`,
        paragraphs: [`${str(payload.from_name) ?? 'The host'} added you as ${role} of ${title}.`],
        details, action: { label: 'Manage the event', url: manageUrl },
      };
    }
    default:
      return undefined;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function footer(siteUrl: string): string {
  return `You're getting this email because of your notification settings. Choose which emails you get: ${siteUrl}/settings`;
}

function toText(c: Content, name: string, siteUrl: string): string {
  return [
    `Hi ${name},`,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.quote ? [...c.quote.split(/\r?\n/).map((l) => `> ${l}`.trimEnd()), ''] : []),
    ...(c.details.length ? [...c.details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    `${c.action.label}: ${c.action.url}`,
    '',
    ...(c.outro ? [c.outro, ''] : []),
    '-- ',
    footer(siteUrl),
    '',
  ].join('\n');
}

function toHtml(c: Content, name: string, siteUrl: string): string {
  const settings = `${siteUrl}/settings`;
  return [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    `<p>Hi ${escapeHtml(name)},</p>`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    c.quote
      ? `<blockquote style="margin:0 0 1em;padding:0 1em;border-left:3px solid #d1d5db;white-space:pre-wrap">${escapeHtml(c.quote)}</blockquote>`
      : '',
    c.details.length ? `<p>${c.details.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}`).join('<br>')}</p>` : '',
    `<p><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:0.6em 1.2em;background:#4338ca;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>`,
    c.outro ? `<p>${escapeHtml(c.outro)}</p>` : '',
    `<p style="color:#4b5563;font-size:0.875em">You're getting this email because of your notification settings. <a href="${escapeHtml(settings)}">Choose which emails you get</a>.</p>`,
    '</body></html>',
  ].join('');
}

/** The email for a notification, or undefined for a kind that has none. */
export function renderNotificationEmail(input: NotificationEmailInput): RenderedEmail | undefined {
  const c = contentFor(input);
  if (!c) return undefined;
  const name = input.recipientName.trim() || 'there';
  // A subject is one line, whatever a host typed.
  const subject = c.subject.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return { subject, text: toText(c, name, input.siteUrl), html: toHtml(c, name, input.siteUrl) };
}
