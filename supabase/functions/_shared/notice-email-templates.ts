// The emails of moderation notices (decision 0310: an event or group hidden, restored, an appeal
// answered) and of host news told one at a time (decision 0311: a new RSVP, a waitlist join, a new
// member, a comment). Pure, like email-templates.ts, which calls noticeContent() for these kinds.
// Several host news at once (an hour's batch, the daily digest) are host-news-batch.ts's.
import type { Content, NotificationEmailInput } from './email-templates.ts';
import type { MailLocale, MailMessages } from './i18n/index.ts';
import { noticeMessages, type ItemType, type SingleNewsKind } from './i18n/notices/index.ts';

export const MODERATION_EMAIL_KINDS = ['content_hidden', 'content_restored', 'appeal_accepted', 'appeal_rejected'] as const;
export const SINGLE_NEWS_KINDS = ['new_rsvp', 'new_waitlist', 'new_member', 'new_comment'] as const satisfies readonly SingleNewsKind[];
export const NOTICE_EMAIL_KINDS = [...MODERATION_EMAIL_KINDS, ...SINGLE_NEWS_KINDS] as const;

export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The event or group a notification is about, named as it is now (the payload's copy stands in), and its page. */
export function itemOf(input: Pick<NotificationEmailInput, 'payload' | 'event' | 'group' | 'siteUrl'>, m: MailMessages) {
  const { payload, siteUrl } = input;
  const type: ItemType = text(payload.group_id) && !text(payload.event_id) ? 'group' : 'event';
  if (type === 'group') {
    const slug = input.group?.slug ?? text(payload.group_slug);
    return { type, name: input.group?.name ?? text(payload.group_name) ?? m.group.yourGroup, url: slug ? `${siteUrl}/g/${encodeURIComponent(slug)}` : siteUrl };
  }
  const slug = input.event?.slug ?? text(payload.slug);
  return { type, name: input.event?.title ?? text(payload.title) ?? m.yourEvent, url: slug ? `${siteUrl}/events/${encodeURIComponent(slug)}` : siteUrl };
}

/** The email for a notice kind, or undefined for any other kind. `details` are an event's when and where. */
export function noticeContent(input: NotificationEmailInput, details: Content['details'], m: MailMessages, locale: MailLocale): Content | undefined {
  const n = noticeMessages(locale);
  const { kind, payload } = input;
  const item = itemOf(input, m);
  const open = { label: n.moderation.action(item.type), url: item.url };
  const mod = n.moderation;
  switch (kind) {
    case 'content_hidden': {
      const reason = text(payload.reason);
      return {
        subject: mod.hidden.subject(item.type, item.name),
        paragraphs: [mod.hidden.body(item.type, item.name), reason ? mod.hidden.reasonIntro : mod.hidden.noReason],
        quote: reason, details: [],
        // The notice's page (/notices/<hiding>): why, and the one appeal.
        action: text(payload.hidden_item_id) ? { label: mod.hidden.appealAction, url: `${input.siteUrl}/notices/${text(payload.hidden_item_id)}` } : open,
        outro: mod.hidden.appeal(item.type),
      };
    }
    case 'content_restored':
      return { subject: mod.restored.subject(item.type, item.name), paragraphs: [mod.restored.body(item.type, item.name)], details: [], action: open };
    case 'appeal_accepted':
      return { subject: mod.appealAccepted.subject(item.type, item.name), paragraphs: [mod.appealAccepted.body(item.type, item.name)], details: [], action: open };
    case 'appeal_rejected': {
      const response = text(payload.response);
      return {
        subject: mod.appealRejected.subject(item.type, item.name),
        paragraphs: [mod.appealRejected.body(item.type, item.name), ...(response ? [mod.appealRejected.responseIntro] : [])],
        quote: response, details: [], action: open,
      };
    }
    case 'new_rsvp':
    case 'new_waitlist':
    case 'new_member':
    case 'new_comment': {
      const who = input.actorName ?? text(payload.display_name) ?? m.someone;
      const words = n.hostNews.single[kind];
      const guests = kind === 'new_rsvp' && typeof payload.guests === 'number' && payload.guests > 0 ? [n.hostNews.guests(payload.guests)] : [];
      return {
        subject: words.subject(who, item.name),
        paragraphs: [`${words.body(who, item.name)}${guests.length ? ` ${guests[0]}` : ''}`],
        quote: kind === 'new_comment' ? text(payload.excerpt) : undefined,
        details: kind === 'new_member' || kind === 'new_comment' ? [] : details,
        action: newsAction(kind, item.url, n.hostNews),
      };
    }
    default:
      return undefined;
  }
}

/** Where host news leads: an event's guest list or comments, a group's members page. */
export function newsAction(kind: string, itemUrl: string, words: { guestList: string; members: string; comments: string }): Content['action'] {
  if (kind === 'new_comment') return { label: words.comments, url: `${itemUrl}#comments-heading` };
  if (kind === 'new_member' || kind === 'group_join_requested') return { label: words.members, url: `${itemUrl}/manage` };
  return { label: words.guestList, url: `${itemUrl}/manage` };
}
