// The event page's realtime channel as a contract: its topic and the broadcasts sent on it.
// Shared because more than the page speaks on it: the admin screen announces hidden comments
// over REST (decision 0066), and both sides must agree on the names and payloads.

/** The topic of an event's one channel (decision 0065). */
export function eventTopic(eventId: string): string {
  return `event:${eventId}`;
}

/** Broadcast events on an event's channel. */
export const LIVE_EVENTS = {
  typing: "typing",
  /** A host hid a comment: viewers re-check it (RLS keeps the UPDATE itself from them). */
  commentHidden: "comment_hidden",
} as const;

export type TypingPayload = { user_id: string; name: string; stop?: boolean };
export type CommentHiddenPayload = { id: string };
