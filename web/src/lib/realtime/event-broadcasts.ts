// The event page's realtime channel as a contract: its topic and the broadcasts sent on it.
// Shared because more than the page speaks on it: the admin screen announces hidden comments
// over REST (decision 0066), and both sides must agree on the names and payloads.

/** The topic of an event's one channel (decision 0065). */
export function eventTopic(eventId: string): string {
  return `event:${eventId}`;
}

/**
 * The channel is private (decision 0095): Realtime lets in only those who may see the event, and
 * lets only signed-in viewers broadcast, by the policies on realtime.messages.
 */
export const EVENT_CHANNEL_PRIVATE = true;

/** Broadcast events on an event's channel. */
export const LIVE_EVENTS = {
  typing: "typing",
  /** A host hid a comment: viewers re-check it (RLS keeps the UPDATE itself from them). */
  commentHidden: "comment_hidden",
} as const;

/**
 * `key` is the typer's presence key: random per page view, so that neither typing nor presence
 * carries a user id. `name` is the name the typer gives.
 */
export type TypingPayload = { key: string; name: string; stop?: boolean };
export type CommentHiddenPayload = { id: string };
