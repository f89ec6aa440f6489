// What replies, mentions and private messages say by email and push (decision 0405): who wrote,
// where, the first words of what they wrote, and a link to the very post. Pure, like
// email-templates.ts, which calls conversationContent() for these kinds (types only come back).
import type { Content, NotificationEmailInput } from './email-templates.ts';
import type { MailMessages } from './i18n/index.ts';

export const CONVERSATION_EMAIL_KINDS = ['mention', 'discussion_reply', 'direct_message'] as const;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/**
 * The page of a discussion post: the group page opens the thread named by `thread` and scrolls to
 * the reply (`#reply-<id>`) or to the thread's heading (`#thread-<id>`).
 */
export function discussionUrl(siteUrl: string, groupSlug: string | undefined, threadId: string | undefined, replyId: string | undefined): string {
  if (!groupSlug) return siteUrl;
  const group = `${siteUrl}/g/${encodeURIComponent(groupSlug)}`;
  if (!threadId) return group;
  const anchor = replyId ? `reply-${replyId}` : `thread-${threadId}`;
  return `${group}?thread=${encodeURIComponent(threadId)}#${encodeURIComponent(anchor)}`;
}

/** The content for a conversation kind, or undefined for any other kind. */
export function conversationContent(input: NotificationEmailInput, m: MailMessages): Content | undefined {
  const { kind, payload, siteUrl } = input;
  const c = m.conversation;
  const who = text(payload.from_name) ?? input.actorName ?? m.someone;
  const excerpt = typeof payload.excerpt === 'string' ? payload.excerpt : undefined;
  switch (kind) {
    case 'mention':
    case 'discussion_reply': {
      const title = text(payload.title) ?? c.openDiscussion;
      const group = input.group?.name ?? text(payload.group_name) ?? m.group.yourGroup;
      const url = discussionUrl(siteUrl, input.group?.slug ?? text(payload.group_slug), text(payload.thread_id), text(payload.reply_id));
      const words = kind === 'mention' ? c.mention : c.reply;
      return {
        subject: kind === 'mention' ? c.mention.subject(who, title) : c.reply.subject(title),
        paragraphs: [words.body(who, title, group)],
        quote: excerpt, details: [], action: { label: c.openDiscussion, url },
      };
    }
    case 'direct_message': {
      const conversation = text(payload.conversation_id);
      return {
        subject: c.directMessage.subject(who),
        paragraphs: [c.directMessage.body(who)],
        quote: excerpt, details: [],
        action: { label: c.openConversation, url: conversation ? `${siteUrl}/messages?c=${encodeURIComponent(conversation)}` : `${siteUrl}/messages` },
      };
    }
    default:
      return undefined;
  }
}
