import type { ItemType, NoticeMessages } from './messages.ts';

const item = (type: ItemType, name: string) => (type === 'event' ? `your event ${name}` : `your group ${name}`);
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export const en: NoticeMessages = {
  moderation: {
    hidden: {
      subject: (type, name) => `The moderators hid ${item(type, name)}`,
      body: (type, name) =>
        `The site's moderators hid ${item(type, name)}. Only you, the rest of its team and the moderators can see it now; it is listed nowhere.`,
      reasonIntro: 'They said:',
      noReason: 'They gave no reason.',
      appeal: () => `If you think this is a mistake, you can appeal once from the notice's page. The moderators will read what you say and answer.`,
      appealAction: `Read the notice or appeal`,
    },
    restored: {
      subject: (type, name) => `${type === 'event' ? 'Your event' : 'Your group'} ${name} is visible again`,
      body: (type, name) => `The site's moderators restored ${item(type, name)}. Everyone who could see it before can see it again.`,
    },
    appealAccepted: {
      subject: (type, name) => `Appeal accepted: ${name}`,
      body: (type, name) => `The moderators accepted your appeal and restored ${item(type, name)}. Everyone who could see it before can see it again.`,
    },
    appealRejected: {
      subject: (type, name) => `Appeal rejected: ${name}`,
      body: (type, name) => `The moderators read your appeal and keep ${item(type, name)} hidden. This decision is final.`,
      responseIntro: 'Their answer:',
    },
    action: (type) => (type === 'event' ? 'Open the event' : 'Open the group'),
  },
  hostNews: {
    single: {
      new_rsvp: { subject: (who, t) => `${who} is going to ${t}`, body: (who, t) => `${who} is going to ${t}.` },
      new_waitlist: {
        subject: (who, t) => `${who} joined the waitlist for ${t}`,
        body: (who, t) => `${who} joined the waitlist for ${t}. They get a spot if one opens up.`,
      },
      new_member: { subject: (who, g) => `${who} joined ${g}`, body: (who, g) => `${who} joined your group ${g}.` },
      new_comment: { subject: (who, t) => `${who} commented on ${t}`, body: (who, t) => `${who} commented on ${t}:` },
    },
    guests: (n) => (n === 1 ? 'They bring 1 guest.' : `They bring ${n} guests.`),
    batch: {
      new_rsvp: { subject: (n, t) => `${n} new RSVPs for ${t}`, body: (n, t, names) => `${people(n)} are now going to ${t}: ${names}.` },
      new_waitlist: { subject: (n, t) => `${n} joined the waitlist for ${t}`, body: (n, t, names) => `${people(n)} joined the waitlist for ${t}: ${names}.` },
      rsvp_requested: {
        subject: (n, t) => `${n} new requests to join ${t}`,
        body: (n, t, names) => `${people(n)} asked to join ${t}: ${names}. Approve or decline them on the guest list.`,
      },
      group_join_requested: {
        subject: (n, g) => `${n} new requests to join ${g}`,
        body: (n, g, names) => `${people(n)} asked to join ${g}: ${names}. Accept or decline them on the group's members page.`,
      },
      new_member: { subject: (n, g) => `${n} new members in ${g}`, body: (n, g, names) => `${people(n)} joined ${g}: ${names}.` },
      new_comment: { subject: (n, t) => `${n} new comments on ${t}`, body: (n, t, names) => `${n} new comments on ${t}, from ${names}.` },
    },
    line: {
      new_rsvp: (n, names) => `${n === 1 ? '1 new RSVP' : `${n} new RSVPs`}: ${names}`,
      new_waitlist: (n, names) => `${n === 1 ? '1 joined' : `${n} joined`} the waitlist: ${names}`,
      rsvp_requested: (n, names) => `${n === 1 ? '1 request' : `${n} requests`} to join: ${names}`,
      group_join_requested: (n, names) => `${n === 1 ? '1 request' : `${n} requests`} to join: ${names}`,
      new_member: (n, names) => `${n === 1 ? '1 new member' : `${n} new members`}: ${names}`,
      new_comment: (n, names) => `${n === 1 ? '1 new comment' : `${n} new comments`}, from ${names}`,
    },
    names: (names, more) => (more > 0 ? `${names.join(', ')} and ${more} more` : list(names)),
    digest: {
      subject: (n) => (n === 1 ? 'Your daily summary: 1 update on your events and groups' : `Your daily summary: ${n} updates on your events and groups`),
      intro: 'Here is what happened on the events and groups you run since your last summary.',
      action: 'Open my events',
    },
    guestList: 'Open the guest list',
    members: 'See the members',
    comments: 'Read the comments',
  },
};
