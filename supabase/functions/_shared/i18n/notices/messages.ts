// What moderation notices and host news say in emails (issue 32 items 5 and 6): a hidden event
// or group and its appeal, and what happened on the events and groups a member runs, one by one,
// in an hourly batch or in the daily digest. One file per language beside this one, each
// implementing every message (decision 0205); TypeScript refuses an incomplete one.

/** What was moderated. */
export type ItemType = 'event' | 'group';

/** The kinds of host news (supabase/migrations/20261129311000_host_notifications.sql). */
export const HOST_NEWS_KINDS = ['new_rsvp', 'new_waitlist', 'rsvp_requested', 'group_join_requested', 'new_member', 'new_comment'] as const;
export type HostNewsKind = (typeof HOST_NEWS_KINDS)[number];

/** Host news that has an email of its own here (requests to join keep theirs, decision 0045). */
export type SingleNewsKind = 'new_rsvp' | 'new_waitlist' | 'new_member' | 'new_comment';

export interface NoticeMessages {
  moderation: {
    hidden: {
      subject(type: ItemType, name: string): string;
      /** What happened and who still sees it; the reason follows, quoted, when there is one. */
      body(type: ItemType, name: string): string;
      reasonIntro: string;
      noReason: string;
      appeal(type: ItemType): string;
      /** The button: the notice's page, where the team reads why and appeals once. */
      appealAction: string;
    };
    restored: { subject(type: ItemType, name: string): string; body(type: ItemType, name: string): string };
    appealAccepted: { subject(type: ItemType, name: string): string; body(type: ItemType, name: string): string };
    appealRejected: { subject(type: ItemType, name: string): string; body(type: ItemType, name: string): string; responseIntro: string };
    /** The button: to the event's or group's page, where the banner is. */
    action(type: ItemType): string;
  };
  hostNews: {
    /** One thing, as it happened. `who` is a member's name, `where` the event's title or group's name. */
    single: Record<SingleNewsKind, { subject(who: string, where: string): string; body(who: string, where: string): string }>;
    /** "with 2 guests", after a new RSVP's sentence. */
    guests(n: number): string;
    /** Several of one kind about one event or group, in one email at the end of the hour. */
    batch: Record<HostNewsKind, { subject(count: number, where: string): string; body(count: number, where: string, names: string): string }>;
    /** A digest line about one event or group: "3 new RSVPs: Ada, Bob and Chloé". */
    line: Record<HostNewsKind, (count: number, names: string) => string>;
    /** "Ada, Bob and 3 more" (names as given, then how many others). */
    names(names: string[], more: number): string;
    digest: { subject(count: number): string; intro: string; action: string };
    /** The buttons: the guest list, the group's members, the event's comments. */
    guestList: string;
    members: string;
    comments: string;
  };
}
