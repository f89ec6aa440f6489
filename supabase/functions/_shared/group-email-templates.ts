// The emails of a group's notifications (decisions 0103, 0104): a new event, an announcement, a
// request to join, an accepted request, a new role. Pure, like email-templates.ts, which calls
// groupContent() for these kinds; only types come back from there, so there is no import cycle.
import type { Content, NotificationEmailInput } from './email-templates.ts';
import type { GroupRole, MailMessages } from './i18n/index.ts';

export const GROUP_EMAIL_KINDS = [
  'group_event_published', 'group_announcement', 'group_join_requested', 'group_join_approved', 'group_role_changed',
] as const;

const ROLES: readonly GroupRole[] = ['organizer', 'co_organizer', 'event_organizer', 'member'];

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** The email for a group kind, or undefined for any other kind. `details` are the event's when and where. */
export function groupContent(input: NotificationEmailInput, details: Content['details'], m: MailMessages): Content | undefined {
  const { kind, payload, siteUrl } = input;
  const g = m.group;
  const name = input.group?.name ?? text(payload.group_name) ?? g.yourGroup;
  const slug = input.group?.slug ?? text(payload.group_slug);
  const groupUrl = slug ? `${siteUrl}/g/${encodeURIComponent(slug)}` : siteUrl;
  const seeGroup = { label: g.seeGroup, url: groupUrl };
  switch (kind) {
    case 'group_event_published': {
      const title = input.event?.title ?? text(payload.title) ?? g.aNewEvent;
      const eventSlug = input.event?.slug ?? text(payload.slug);
      return {
        subject: g.eventPublished.subject(name, title),
        paragraphs: [g.eventPublished.body(name, title)],
        details,
        action: { label: m.seeEvent, url: eventSlug ? `${siteUrl}/events/${encodeURIComponent(eventSlug)}` : groupUrl },
        unsubscribe: input.unsubscribeToken
          ? { text: g.eventPublished.unsubscribe(name), url: `${siteUrl}/unsubscribe?token=${encodeURIComponent(input.unsubscribeToken)}` }
          : undefined,
      };
    }
    case 'group_announcement':
      return {
        subject: `${text(payload.subject) ?? g.announcement.defaultSubject} · ${name}`,
        paragraphs: [g.announcement.body(text(payload.from_name) ?? m.anOrganizer, name)],
        quote: typeof payload.body === 'string' ? payload.body : '',
        details: [], action: seeGroup,
      };
    case 'group_join_requested':
      return {
        subject: g.joinRequested.subject(name),
        paragraphs: [g.joinRequested.body(input.actorName ?? m.someone, name)],
        details: [], action: { label: g.joinRequested.action, url: `${groupUrl}/manage` },
      };
    case 'group_join_approved':
      return {
        subject: g.joinApproved.subject(name),
        paragraphs: [g.joinApproved.body(name)],
        details: [], action: seeGroup,
      };
    case 'group_role_changed': {
      const role = ROLES.find((r) => r === payload.role) ?? 'member';
      const manages = role === 'organizer' || role === 'co_organizer';
      return {
        subject: g.roleChanged.subject(role, name),
        paragraphs: [g.roleChanged.body(text(payload.from_name) ?? m.anOrganizer, role, name)],
        details: [], action: manages ? { label: g.roleChanged.manage, url: `${groupUrl}/manage` } : seeGroup,
      };
    }
    default:
      return undefined;
  }
}
