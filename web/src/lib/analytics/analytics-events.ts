// The dataLayer events of product point 7. Components call `track()` with one of these, never a
// free-form object, so the GTM container's triggers can rely on the names and fields.
export type AnalyticsEvent =
  | { event: "page_view"; page_path: string; page_title: string }
  | { event: "sign_up"; method: "password" | "magic_link" }
  | { event: "login"; method: "password" | "magic_link" }
  | { event: "event_created"; event_id: string }
  | { event: "event_published"; event_id: string }
  | { event: "rsvp"; event_id: string; status: "going" | "waitlisted" | "pending"; guests: number }
  | { event: "rsvp_cancelled"; event_id: string }
  | { event: "share"; event_id: string; method: "copy_link" | "native" }
  | { event: "comment_posted"; event_id: string };
