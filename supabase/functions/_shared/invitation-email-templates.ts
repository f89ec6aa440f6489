// The invitation email (issue 32, decision 0307): who invited you to what, when and where, and one
// button to the invitation page, where one answers in one step (signed in, or by a sign-in link
// sent to this same address). Plain text with an HTML twin, in the invitee's language. Pure, so
// the tests render it directly. Its footer says why it came: the address may have no account.
import { formatWhen, type EmailEvent, type RenderedEmail } from './email-templates.ts';
import { mailLocale, mailMessages } from './i18n/index.ts';
import { invitationMessages } from './i18n/invitations/index.ts';

export interface InvitationEmailInput {
  email: string;
  /** The signed token: the invitation page's address is SITE_URL/invitations/<token>. */
  token: string;
  inviterName: string | null;
  event: EmailEvent | null;
  group: { name: string; city: string } | null;
  locale?: string | null;
  siteUrl: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The invitation page's address. The signed token's dot is written `~` there: a path that ends
 * in `.<letters and digits>` reads as a file to static hosts (and to Gather's own SPA fallback),
 * which would answer 404 instead of the app; the page turns it back.
 */
export function invitationUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/invitations/${encodeURIComponent(token.replace('.', '~'))}`;
}

export function renderInvitationEmail(input: InvitationEmailInput): RenderedEmail {
  const locale = mailLocale(input.locale);
  const m = mailMessages(locale);
  const im = invitationMessages(locale);
  const who = input.inviterName?.trim() || m.someone;
  const details: [string, string][] = [];
  let subject: string;
  let body: string;
  if (input.event) {
    const e = input.event;
    subject = im.event.subject(who, e.title);
    body = im.event.body(who, e.title);
    details.push([m.when, formatWhen(e.starts_at, e.timezone, locale)]);
    const venue = [e.venue_name, e.address].filter((v): v is string => !!v && v.trim() !== '').join(', ');
    const where = venue && e.is_online ? m.venueAndOnline(venue) : venue || (e.is_online ? m.onlineOnly : '');
    if (where) details.push([m.where, where]);
  } else {
    const g = input.group ?? { name: '', city: '' };
    subject = im.group.subject(who, g.name);
    body = im.group.body(who, g.name);
    if (g.city) details.push([m.where, g.city]);
  }
  const url = invitationUrl(input.siteUrl, input.token);
  const footer = im.footer(who, input.email);
  const text = [
    m.greeting(''), '', body, '',
    ...(details.length ? [...details.map(([k, v]) => m.labelled(k, v)), ''] : []),
    m.labelled(im.action, url), '', '-- ', footer, '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    `<p>${escapeHtml(m.greeting(''))}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    details.length ? `<p>${details.map(([k, v]) => `<strong>${escapeHtml(m.labelled(k, '').trimEnd())}</strong> ${escapeHtml(v)}`).join('<br>')}</p>` : '',
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:0.6em 1.2em;background:#4338ca;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(im.action)}</a></p>`,
    `<p style="color:#4b5563;font-size:0.875em">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  // A subject is one line, whatever a host typed.
  return { subject: subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text, html };
}
