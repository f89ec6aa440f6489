import type { ItemType, NoticeMessages } from './messages.ts';

const item = (type: ItemType, name: string) => (type === 'event' ? `dein Event ${name}` : `deine Gruppe ${name}`);
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} und ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? '1 Person' : `${n} Personen`);

export const de: NoticeMessages = {
  moderation: {
    hidden: {
      subject: (type, name) => `Die Moderation hat ${item(type, name)} ausgeblendet`,
      body: (type, name) =>
        `Die Moderation der Website hat ${item(type, name)} ausgeblendet. Nur du, der Rest des Teams und die Moderation sehen es jetzt; es wird nirgends mehr angezeigt.`,
      reasonIntro: 'Die Begründung:',
      noReason: 'Es wurde keine Begründung angegeben.',
      appeal: () => `Wenn du das für einen Fehler hältst, kannst du einmal auf der Seite des Hinweises Einspruch einlegen. Die Moderation liest ihn und antwortet dir.`,
      appealAction: `Hinweis lesen oder Einspruch einlegen`,
    },
    restored: {
      subject: (type, name) => `${type === 'event' ? 'Dein Event' : 'Deine Gruppe'} ${name} ist wieder sichtbar`,
      body: (type, name) => `Die Moderation der Website hat ${item(type, name)} wiederhergestellt. Alle, die es vorher sehen konnten, sehen es wieder.`,
    },
    appealAccepted: {
      subject: (type, name) => `Einspruch angenommen: ${name}`,
      body: (type, name) => `Die Moderation hat deinen Einspruch angenommen und ${item(type, name)} wiederhergestellt. Alle, die es vorher sehen konnten, sehen es wieder.`,
    },
    appealRejected: {
      subject: (type, name) => `Einspruch abgelehnt: ${name}`,
      body: (type, name) => `Die Moderation hat deinen Einspruch gelesen; ${item(type, name)} bleibt ausgeblendet. Diese Entscheidung ist endgültig.`,
      responseIntro: 'Ihre Antwort:',
    },
    action: (type) => (type === 'event' ? 'Event öffnen' : 'Gruppe öffnen'),
  },
  hostNews: {
    single: {
      new_rsvp: { subject: (who, t) => `${who} nimmt an ${t} teil`, body: (who, t) => `${who} nimmt an ${t} teil.` },
      new_waitlist: {
        subject: (who, t) => `${who} steht auf der Warteliste für ${t}`,
        body: (who, t) => `${who} hat sich auf die Warteliste für ${t} gesetzt und bekommt einen Platz, sobald einer frei wird.`,
      },
      new_member: { subject: (who, g) => `${who} ist ${g} beigetreten`, body: (who, g) => `${who} ist deiner Gruppe ${g} beigetreten.` },
      new_comment: { subject: (who, t) => `${who} hat ${t} kommentiert`, body: (who, t) => `${who} hat ${t} kommentiert:` },
    },
    guests: (n) => (n === 1 ? 'Mit 1 Gast.' : `Mit ${n} Gästen.`),
    batch: {
      new_rsvp: { subject: (n, t) => `${n} neue Zusagen für ${t}`, body: (n, t, names) => `${people(n)} nehmen jetzt an ${t} teil: ${names}.` },
      new_waitlist: { subject: (n, t) => `${n} neu auf der Warteliste für ${t}`, body: (n, t, names) => `${people(n)} stehen neu auf der Warteliste für ${t}: ${names}.` },
      rsvp_requested: {
        subject: (n, t) => `${n} neue Teilnahmeanfragen für ${t}`,
        body: (n, t, names) => `${people(n)} möchten an ${t} teilnehmen: ${names}. Nimm sie auf der Gästeliste an oder lehne sie ab.`,
      },
      group_join_requested: {
        subject: (n, g) => `${n} neue Beitrittsanfragen für ${g}`,
        body: (n, g, names) => `${people(n)} möchten ${g} beitreten: ${names}. Nimm sie auf der Mitgliederseite der Gruppe an oder lehne sie ab.`,
      },
      new_member: { subject: (n, g) => `${n} neue Mitglieder in ${g}`, body: (n, g, names) => `${people(n)} sind ${g} beigetreten: ${names}.` },
      new_comment: { subject: (n, t) => `${n} neue Kommentare zu ${t}`, body: (n, t, names) => `${n} neue Kommentare zu ${t}, von ${names}.` },
    },
    line: {
      new_rsvp: (n, names) => `${n === 1 ? '1 neue Zusage' : `${n} neue Zusagen`}: ${names}`,
      new_waitlist: (n, names) => `${n} neu auf der Warteliste: ${names}`,
      rsvp_requested: (n, names) => `${n === 1 ? '1 Teilnahmeanfrage' : `${n} Teilnahmeanfragen`}: ${names}`,
      group_join_requested: (n, names) => `${n === 1 ? '1 Beitrittsanfrage' : `${n} Beitrittsanfragen`}: ${names}`,
      new_member: (n, names) => `${n === 1 ? '1 neues Mitglied' : `${n} neue Mitglieder`}: ${names}`,
      new_comment: (n, names) => `${n === 1 ? '1 neuer Kommentar' : `${n} neue Kommentare`}, von ${names}`,
    },
    names: (names, more) => (more > 0 ? `${names.join(', ')} und ${more} weitere` : list(names)),
    digest: {
      subject: (n) => (n === 1 ? 'Deine tägliche Übersicht: 1 Neuigkeit zu deinen Events und Gruppen' : `Deine tägliche Übersicht: ${n} Neuigkeiten zu deinen Events und Gruppen`),
      intro: 'Das ist seit deiner letzten Übersicht bei den Events und Gruppen passiert, die du organisierst.',
      action: 'Meine Events öffnen',
    },
    guestList: 'Gästeliste öffnen',
    members: 'Mitglieder ansehen',
    comments: 'Kommentare lesen',
  },
};
