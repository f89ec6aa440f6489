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
  user_id?: string;
};

export type NotificationLike = { kind: string; payload: unknown };

function payloadOf(n: NotificationLike): NotificationPayload {
  return n.payload && typeof n.payload === "object" ? (n.payload as NotificationPayload) : {};
}

/** The sentence a member reads in the bell's list and in the live toast. */
export function notificationText(n: NotificationLike): string {
  const p = payloadOf(n);
  const title = p.title?.trim() || "an event";
  switch (n.kind) {
    case "rsvp_promoted":
      return `A spot opened up: you're going to ${title}.`;
    case "rsvp_approved":
      return `The hosts approved your request: you're going to ${title}.`;
    case "rsvp_declined":
      return `The hosts declined your request for ${title}.`;
    case "rsvp_requested":
      return `${p.display_name?.trim() || "Someone"} asked to join ${title}.`;
    case "event_cancelled":
      return `${title} was cancelled.${p.reason?.trim() ? ` ${p.reason.trim()}` : ""}`;
    case "host_message":
      return `Message from the hosts of ${title}${p.subject?.trim() ? `: ${p.subject.trim()}` : "."}`;
    case "cohost_added":
      return p.role === "checker"
        ? `You can now check guests in at ${title}.`
        : `You're now a co-host of ${title}.`;
    case "reminder_24h":
      return `Reminder: ${title} starts tomorrow.`;
    case "reminder_1h":
      return `Reminder: ${title} starts in an hour.`;
    default:
      return `News about ${title}.`;
  }
}

/** Where the notification leads: the host's screens for host news, the event page otherwise. */
export function notificationHref(n: NotificationLike): string | null {
  const { slug } = payloadOf(n);
  if (!slug) return null;
  const base = `/events/${encodeURIComponent(slug)}`;
  if (n.kind === "rsvp_requested") return `${base}/manage`;
  if (n.kind === "cohost_added") return payloadOf(n).role === "checker" ? `${base}/check-in` : `${base}/manage`;
  return base;
}

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
}

/** The badge's text: the count, capped so it fits the bell. */
export function badgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}
