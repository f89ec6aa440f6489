import type { GroupRole, MailMessages } from './messages.ts';
import { de as payments } from './payments/de.ts';

const ROLE: Record<GroupRole, string> = {
  organizer: 'Organisator', co_organizer: 'Co-Organisator', event_organizer: 'Event-Organisator', member: 'Mitglied',
};

export const de: MailMessages = {
  greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  labelled: (label, value) => `${label}: ${value}`,
  someone: 'Jemand',
  theHost: 'Der Veranstalter',
  anOrganizer: 'Ein Organisator',
  yourEvent: 'dein Event',
  when: 'Wann',
  where: 'Wo',
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  venueAndOnline: (venue) => `${venue} und online (der Link steht auf der Eventseite)`,
  onlineOnly: 'Online: Der Link steht auf der Eventseite',
  seeEvent: 'Zum Event',
  cantMakeIt: 'Du kannst doch nicht kommen? Zieh deine Zusage auf der Eventseite zurück, damit jemand anderes kommen kann.',
  footer: (url) => `Du bekommst diese E-Mail wegen deiner Benachrichtigungseinstellungen. Wähle, welche E-Mails du bekommst: ${url}`,
  footerHtml: { text: 'Du bekommst diese E-Mail wegen deiner Benachrichtigungseinstellungen.', link: 'Wähle, welche E-Mails du bekommst' },
  rsvpPromoted: {
    subject: (t) => `Du bist dabei: ${t}`,
    body: (t) => `Gute Nachricht: Ein Platz ist frei geworden, und du bist von der Warteliste nachgerückt. Du bist bei ${t} dabei.`,
  },
  rsvpApproved: { subject: (t) => `Anfrage angenommen: ${t}`, body: (t) => `Die Veranstalter haben deine Anfrage angenommen. Du bist bei ${t} dabei.` },
  rsvpDeclined: { subject: (t) => `Deine Anfrage für ${t}`, body: (t) => `Die Veranstalter konnten deine Anfrage für ${t} diesmal leider nicht annehmen.` },
  rsvpRequested: {
    subject: (t) => `Neue Teilnahmeanfrage für ${t}`,
    body: (who, t) => `${who} möchte an ${t} teilnehmen. Nimm die Anfrage auf der Gästeliste an oder lehne sie ab.`,
    action: 'Gästeliste öffnen',
  },
  eventCancelled: {
    subject: (t) => `Abgesagt: ${t}`,
    body: (t) => `${t} wurde von den Veranstaltern abgesagt.`,
    bodyWithReason: (t) => `${t} wurde von den Veranstaltern abgesagt. Sie schreiben:`,
  },
  hostMessage: { defaultSubject: 'Eine Nachricht vom Veranstalter', body: (from, t) => `${from} hat den Gästen von ${t} eine Nachricht geschickt:` },
  reminder24h: { subject: (t) => `Morgen: ${t}`, body: (t) => `Zur Erinnerung: ${t} ist morgen.` },
  reminder1h: { subject: (t) => `Gleich geht’s los: ${t}`, body: (t) => `${t} beginnt in etwa einer Stunde.` },
  feedbackRequested: {
    subject: (t) => `Wie war ${t}?`,
    body: (t) => `Danke, dass du bei ${t} warst. Wie war’s? Eine Bewertung von 1 bis 5 und, wenn du magst, ein Kommentar: Nur die Gastgeber lesen ihn.`,
    action: 'Feedback geben',
  },
  eventChanged: {
    subject: (what, t) => `${what === 'time' ? 'Neue Uhrzeit' : what === 'place' ? 'Neuer Ort' : 'Neue Uhrzeit und neuer Ort'}: ${t}`,
    body: (what, t) =>
      `Die Gastgeber haben ${what === 'time' ? 'die Uhrzeit' : what === 'place' ? 'den Ort' : 'Uhrzeit und Ort'} von ${t} geändert. Deine Zusage bleibt bestehen; so sieht es jetzt aus.`,
    before: 'Vorher',
  },
  cohostAdded: {
    subjectCohost: (t) => `Du bist jetzt Co-Veranstalter von ${t}`,
    subjectChecker: (t) => `Du bist jetzt Check-in-Helfer bei ${t}`,
    bodyCohost: (from, t) => `${from} hat dich als Co-Veranstalter von ${t} hinzugefügt.`,
    bodyChecker: (from, t) => `${from} hat dich als Check-in-Helfer bei ${t} hinzugefügt.`,
    action: 'Event verwalten',
  },
  group: {
    yourGroup: 'deine Gruppe',
    aNewEvent: 'ein neues Event',
    seeGroup: 'Zur Gruppe',
    eventPublished: {
      subject: (g, t) => `Neues Event in ${g}: ${t}`,
      body: (g, t) => `${g} hat ein neues Event: ${t}.`,
      unsubscribe: (g) => `Keine E-Mails mehr zu neuen Events in ${g}`,
    },
    announcement: { defaultSubject: 'Eine Ankündigung', body: (from, g) => `${from} hat den Mitgliedern von ${g} eine Ankündigung geschickt:` },
    joinRequested: {
      subject: (g) => `Neue Beitrittsanfrage für ${g}`,
      body: (who, g) => `${who} möchte ${g} beitreten. Nimm die Anfrage auf der Mitgliederseite der Gruppe an oder lehne sie ab.`,
      action: 'Anfragen ansehen',
    },
    joinApproved: { subject: (g) => `Willkommen in ${g}`, body: (g) => `Deine Anfrage wurde angenommen: Du bist jetzt Mitglied von ${g}.` },
    roleChanged: {
      subject: (role, g) => `Du bist jetzt ${ROLE[role]} von ${g}`,
      body: (from, role, g) => `${from} hat dich zum ${ROLE[role]} von ${g} gemacht.`,
      manage: 'Gruppe verwalten',
    },
  },
  payments,
  conversation: {
    mention: { subject: (who, t) => `${who} hat dich in „${t}“ erwähnt`, body: (who, t, g) => `${who} hat dich in der Diskussion „${t}“ in ${g} erwähnt:` },
    reply: { subject: (t) => `Neue Antwort in „${t}“`, body: (who, t, g) => `${who} hat in der Diskussion „${t}“ in ${g} geantwortet:` },
    directMessage: { subject: (who) => `Neue Nachricht von ${who}`, body: (who) => `${who} hat dir eine private Nachricht geschickt:` },
    openDiscussion: 'Diskussion öffnen',
    openConversation: 'Antworten',
  },
  ics: { cancelled: (text) => `Abgesagt: ${text}`, online: 'Online', eventPage: (url) => `Eventseite: ${url}` },
  feed: {
    personal: 'Gather: meine Events',
    groupNews: (g) => `Neue Events von ${g} auf Gather`,
    searchNews: (q) => `Neue Events zu „${q}“ auf Gather`,
    siteNews: 'Neue Events auf Gather',
  },
};
