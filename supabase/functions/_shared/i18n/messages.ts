// What Gather's own emails and calendar files say, per language (issue 20, decision 0205). Each
// language implements every message of `MailMessages`, so TypeScript refuses an incomplete one;
// email-templates.ts, group-email-templates.ts and ics.ts build their text from these only.
import type { PaymentMessages } from './payments/messages.ts';

export interface MailMessages {
  /** "Hi Ada,", or a greeting without a name when there is none. */
  greeting(name: string): string;
  /** A label and its value: "When: …"; French puts a narrow no-break space before the colon. */
  labelled(label: string, value: string): string;
  someone: string;
  theHost: string;
  anOrganizer: string;
  yourEvent: string;
  when: string;
  where: string;
  /** "Friday 10 July 2026 at 20:00" in the event's zone, then the zone in brackets. */
  dateTime: Intl.DateTimeFormatOptions;
  venueAndOnline(venue: string): string;
  onlineOnly: string;
  seeEvent: string;
  cantMakeIt: string;
  footer(settingsUrl: string): string;
  /** The HTML footer: its sentence, then the link's words. */
  footerHtml: { text: string; link: string };
  rsvpPromoted: { subject(title: string): string; body(title: string): string };
  rsvpApproved: { subject(title: string): string; body(title: string): string };
  rsvpDeclined: { subject(title: string): string; body(title: string): string };
  rsvpRequested: { subject(title: string): string; body(who: string, title: string): string; action: string };
  eventCancelled: { subject(title: string): string; body(title: string): string; bodyWithReason(title: string): string };
  hostMessage: { defaultSubject: string; body(from: string, title: string): string };
  reminder24h: { subject(title: string): string; body(title: string): string };
  reminder1h: { subject(title: string): string; body(title: string): string };
  /** After an event, to those who went (issue 33): rate it 1–5. */
  feedbackRequested: { subject(title: string): string; body(title: string): string; action: string };
  /** A date's time or place changed (decision 0135): subject and sentence per what changed. */
  eventChanged: {
    subject(what: ChangedWhat, title: string): string;
    body(what: ChangedWhat, title: string): string;
    /** The detail line's label for what it was before. */
    before: string;
  };
  cohostAdded: { subjectCohost(title: string): string; subjectChecker(title: string): string; bodyCohost(from: string, title: string): string; bodyChecker(from: string, title: string): string; action: string };
  group: {
    yourGroup: string;
    aNewEvent: string;
    seeGroup: string;
    eventPublished: { subject(group: string, title: string): string; body(group: string, title: string): string; unsubscribe(group: string): string };
    announcement: { defaultSubject: string; body(from: string, group: string): string };
    joinRequested: { subject(group: string): string; body(who: string, group: string): string; action: string };
    joinApproved: { subject(group: string): string; body(group: string): string };
    roleChanged: {
      subject(role: GroupRole, group: string): string;
      body(from: string, role: GroupRole, group: string): string;
      manage: string;
    };
  };
  /** Replies, mentions and private messages (issue 33, decision 0405). */
  conversation: {
    mention: { subject(who: string, title: string): string; body(who: string, title: string, group: string): string };
    reply: { subject(title: string): string; body(who: string, title: string, group: string): string };
    directMessage: { subject(who: string): string; body(who: string): string };
    openDiscussion: string;
    openConversation: string;
  };
  ics: { cancelled(text: string): string; online: string; eventPage(url: string): string };
  /** Receipts, refunds and waitlist offers of paid tickets (issue 31). */
  payments: PaymentMessages;
  /** Calendar subscriptions and RSS (calendar-feed): the names and descriptions Gather gives them. */
  feed: {
    /** The personal calendar's name in calendar apps. */
    personal: string;
    groupNews(group: string): string;
    searchNews(query: string): string;
    siteNews: string;
  };
}

/** What an event_changed notification says changed. */
export type ChangedWhat = 'time' | 'place' | 'both';

export type GroupRole = 'organizer' | 'co_organizer' | 'event_organizer' | 'member';
