import type { GroupRole, MailMessages } from './messages.ts';
import { en as payments } from './payments/en.ts';

const ROLE: Record<GroupRole, string> = {
  organizer: 'an organizer', co_organizer: 'a co-organizer', event_organizer: 'an event organizer', member: 'a member',
};

export const en: MailMessages = {
  greeting: (name) => (name ? `Hi ${name},` : 'Hi there,'),
  labelled: (label, value) => `${label}: ${value}`,
  someone: 'Someone',
  theHost: 'The host',
  anOrganizer: 'An organizer',
  yourEvent: 'your event',
  when: 'When',
  where: 'Where',
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  venueAndOnline: (venue) => `${venue}, and online (the link is on the event page)`,
  onlineOnly: 'Online: the link is on the event page',
  seeEvent: 'See the event',
  cantMakeIt: "Can't make it any more? Cancel your RSVP on the event page so someone else can go.",
  footer: (url) => `You're getting this email because of your notification settings. Choose which emails you get: ${url}`,
  footerHtml: { text: "You're getting this email because of your notification settings.", link: 'Choose which emails you get' },
  rsvpPromoted: {
    subject: (t) => `You're going to ${t}`,
    body: (t) => `Good news: a spot opened up and you're off the waitlist. You're going to ${t}.`,
  },
  rsvpApproved: { subject: (t) => `Request approved: ${t}`, body: (t) => `The hosts approved your request. You're going to ${t}.` },
  rsvpDeclined: { subject: (t) => `Your request for ${t}`, body: (t) => `The hosts couldn't accept your request to join ${t} this time.` },
  rsvpRequested: {
    subject: (t) => `New request to join ${t}`,
    body: (who, t) => `${who} asked to join ${t}. Approve or decline the request on the guest list.`,
    action: 'Open the guest list',
  },
  eventCancelled: {
    subject: (t) => `Cancelled: ${t}`,
    body: (t) => `${t} has been cancelled by its hosts.`,
    bodyWithReason: (t) => `${t} has been cancelled by its hosts. They said:`,
  },
  hostMessage: { defaultSubject: 'A message from the host', body: (from, t) => `${from} sent a message to the guests of ${t}:` },
  reminder24h: { subject: (t) => `Tomorrow: ${t}`, body: (t) => `A reminder: ${t} is tomorrow.` },
  reminder1h: { subject: (t) => `Starting soon: ${t}`, body: (t) => `${t} starts in about an hour.` },
  feedbackRequested: {
    subject: (t) => `How was ${t}?`,
    body: (t) => `Thanks for coming to ${t}. How was it? A rating from 1 to 5, and a comment if you like: only the hosts read it.`,
    action: 'Give feedback',
  },
  eventChanged: {
    subject: (what, t) => `${what === 'time' ? 'New time' : what === 'place' ? 'New place' : 'New time and place'}: ${t}`,
    body: (what, t) =>
      `The hosts changed ${what === 'time' ? 'the time' : what === 'place' ? 'the place' : 'the time and place'} of ${t}. Your RSVP still stands; here is what it is now.`,
    before: 'Before',
  },
  cohostAdded: {
    subjectCohost: (t) => `You're now a co-host of ${t}`,
    subjectChecker: (t) => `You're now a checker of ${t}`,
    bodyCohost: (from, t) => `${from} added you as a co-host of ${t}.`,
    bodyChecker: (from, t) => `${from} added you as a checker of ${t}.`,
    action: 'Manage the event',
  },
  group: {
    yourGroup: 'your group',
    aNewEvent: 'a new event',
    seeGroup: 'See the group',
    eventPublished: {
      subject: (g, t) => `New event in ${g}: ${t}`,
      body: (g, t) => `${g} has a new event: ${t}.`,
      unsubscribe: (g) => `Stop emails about new events in ${g}`,
    },
    announcement: { defaultSubject: 'An announcement', body: (from, g) => `${from} sent an announcement to the members of ${g}:` },
    joinRequested: {
      subject: (g) => `New request to join ${g}`,
      body: (who, g) => `${who} asked to join ${g}. Accept or decline the request on the group's members page.`,
      action: 'Review requests',
    },
    joinApproved: { subject: (g) => `Welcome to ${g}`, body: (g) => `Your request was accepted: you're now a member of ${g}.` },
    roleChanged: {
      subject: (role, g) => `You're now ${ROLE[role]} of ${g}`,
      body: (from, role, g) => `${from} made you ${ROLE[role]} of ${g}.`,
      manage: 'Manage the group',
    },
  },
  payments,
  conversation: {
    mention: { subject: (who, t) => `${who} mentioned you in “${t}”`, body: (who, t, g) => `${who} mentioned you in the discussion “${t}” in ${g}:` },
    reply: { subject: (t) => `New reply in “${t}”`, body: (who, t, g) => `${who} replied in the discussion “${t}” in ${g}:` },
    directMessage: { subject: (who) => `New message from ${who}`, body: (who) => `${who} sent you a private message:` },
    openDiscussion: 'Open the discussion',
    openConversation: 'Reply',
  },
  ics: { cancelled: (text) => `Cancelled: ${text}`, online: 'Online', eventPage: (url) => `Event page: ${url}` },
  feed: {
    personal: 'Gather: my events',
    groupNews: (g) => `New events of ${g} on Gather`,
    searchNews: (q) => `New events matching “${q}” on Gather`,
    siteNews: 'New events on Gather',
  },
};
