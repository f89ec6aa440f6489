import { t } from "@lingui/core/macro";

// What each kind of notification says, and where it leads. The payloads come from the
// database (private.notify calls in supabase/migrations): every one carries the event's
// slug and title; some add more (a reason, a subject, a role).

export type NotificationPayload = {
  event_id?: string;
  slug?: string;
  title?: string;
  reason?: string | null;
  subject?: string;
  role?: string;
  display_name?: string;
  from_name?: string | null;
  user_id?: string;
  group_slug?: string;
  group_name?: string;
  /** Moderation notices: the hiding they are about (decision 0310). */
  hidden_item_id?: string;
  /** host_message: the message, which its recipient may answer privately (decision 0349). */
  message_id?: string;
  /** Discussions (decisions 0346, 0405): the thread and the reply a mention or reply is in. */
  thread_id?: string;
  reply_id?: string | null;
  /** direct_message: the conversation it opens. */
  conversation_id?: string;
  /** event_changed: what moved. */
  changed?: string[];
};

export type NotificationLike = { kind: string; payload: unknown };

function payloadOf(n: NotificationLike): NotificationPayload {
  return n.payload && typeof n.payload === "object" ? (n.payload as NotificationPayload) : {};
}

/** The sentence a member reads in the bell's list and in the live toast, in their language. */
export function notificationText(n: NotificationLike): string {
  const p = payloadOf(n);
  const title = p.title?.trim() || t`an event`;
  const group = p.group_name?.trim() || t`a group`;
  const reason = p.reason?.trim();
  const subject = p.subject?.trim();
  const who = p.display_name?.trim() || p.from_name?.trim() || t`Someone`;
  switch (n.kind) {
    case "rsvp_promoted":
      return t`A spot opened up: you're going to ${title}.`;
    case "rsvp_approved":
      return t`The hosts approved your request: you're going to ${title}.`;
    case "rsvp_declined":
      return t`The hosts declined your request for ${title}.`;
    case "rsvp_requested":
      return t`${who} asked to join ${title}.`;
    case "event_cancelled":
      return reason ? t`${title} was cancelled. ${reason}` : t`${title} was cancelled.`;
    case "host_message":
      return subject ? t`Message from the hosts of ${title}: ${subject}` : t`Message from the hosts of ${title}.`;
    case "cohost_added":
      return p.role === "checker" ? t`You can now check guests in at ${title}.` : t`You're now a co-host of ${title}.`;
    case "reminder_24h":
      return t`Reminder: ${title} starts tomorrow.`;
    case "reminder_1h":
      return t`Reminder: ${title} starts in an hour.`;
    case "feedback_requested":
      return t`How was ${title}? Tell the hosts in a minute.`;
    case "event_changed": {
      const changed = Array.isArray(p.changed) ? p.changed : [];
      if (changed.includes("time") && changed.includes("place")) return t`${title} has a new time and place.`;
      return changed.includes("place") ? t`${title} has moved to a new place.` : t`${title} has a new time.`;
    }
    case "group_event_published":
      return t`New event in ${group}: ${title}`;
    case "group_announcement":
      return subject ? t`Announcement from ${group}: ${subject}` : t`Announcement from ${group}.`;
    case "group_join_requested":
      return t`${who} asked to join ${group}.`;
    // Host news (decision 0311).
    case "new_rsvp":
      return t`${who} is going to ${title}.`;
    case "new_waitlist":
      return t`${who} joined the waitlist for ${title}.`;
    case "new_member":
      return t`${who} joined ${group}.`;
    case "new_comment":
      return t`${who} commented on ${title}.`;
    // Moderation notices (decision 0310): an event's or a group's, named by its title or name.
    case "content_hidden": {
      const item = p.title?.trim() || group;
      return reason ? t`The moderators hid ${item}: ${reason}` : t`The moderators hid ${item}.`;
    }
    case "content_restored":
    case "appeal_accepted": {
      const item = p.title?.trim() || group;
      return t`${item} is visible again.`;
    }
    case "appeal_rejected": {
      const item = p.title?.trim() || group;
      return t`Your appeal was rejected: ${item} stays hidden.`;
    }
    case "group_join_approved":
      return t`You're now a member of ${group}.`;
    case "group_join_declined":
      return t`The organizers of ${group} declined your request to join.`;
    // Group discussions (decision 0346): the thread's title, in its group.
    case "mention":
      return t`${who} mentioned you in ${title} (${group}).`;
    case "discussion_reply":
      return t`${who} replied in ${title} (${group}).`;
    case "direct_message":
      return t`${who} sent you a private message.`;
    case "group_role_changed":
      return t`Your role in ${group} changed.`;
    default:
      return p.group_name && !p.title ? t`News about ${group}.` : t`News about ${title}.`;
  }
}

/** Where the notification leads: the host's screens for host news, the event page otherwise. */
export function notificationHref(n: NotificationLike): string | null {
  const { slug, group_slug, hidden_item_id, message_id, thread_id, reply_id, conversation_id } = payloadOf(n);
  // A host's message opens where its recipient reads it and may answer the host privately.
  if (n.kind === "host_message" && message_id) return `/messages?about=${encodeURIComponent(message_id)}`;
  // A mention or a reply opens its thread on the group page, at the very post.
  if ((n.kind === "mention" || n.kind === "discussion_reply") && group_slug && thread_id) {
    const anchor = reply_id ? `reply-${reply_id}` : `thread-${thread_id}`;
    return `/g/${encodeURIComponent(group_slug)}?thread=${encodeURIComponent(thread_id)}#${encodeURIComponent(anchor)}`;
  }
  if (n.kind === "direct_message") return conversation_id ? `/messages?c=${encodeURIComponent(conversation_id)}` : "/messages";
  // A hidden event's or group's team reads why, and may appeal, on the notice's page.
  if (n.kind === "content_hidden" && hidden_item_id) return `/notices/${encodeURIComponent(hidden_item_id)}`;
  if ((n.kind === "group_join_requested" || n.kind === "new_member") && group_slug) return `/g/${encodeURIComponent(group_slug)}/manage`;
  if (!slug) return group_slug ? `/g/${encodeURIComponent(group_slug)}` : null;
  const base = `/events/${encodeURIComponent(slug)}`;
  if (n.kind === "rsvp_requested" || n.kind === "new_rsvp" || n.kind === "new_waitlist") return `${base}/manage`;
  if (n.kind === "new_comment") return `${base}#comments-heading`;
  if (n.kind === "cohost_added") return payloadOf(n).role === "checker" ? `${base}/check-in` : `${base}/manage`;
  return base;
}

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread === 0 ? t`Notifications` : t`Notifications, ${unread} unread`;
}

/** The badge's text: the count, capped so it fits the bell. */
export function badgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}
