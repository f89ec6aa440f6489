import type { GroupRole, MailMessages } from './messages.ts';
import { fr as payments } from './payments/fr.ts';

const ROLE: Record<GroupRole, string> = {
  organizer: 'organisateur', co_organizer: 'co-organisateur', event_organizer: 'organisateur d’événements', member: 'membre',
};

export const fr: MailMessages = {
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  labelled: (label, value) => `${label}\u202f: ${value}`,
  someone: 'Quelqu’un',
  theHost: 'L’organisateur',
  anOrganizer: 'Un organisateur',
  yourEvent: 'votre événement',
  when: 'Quand',
  where: 'Où',
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  venueAndOnline: (venue) => `${venue}, et en ligne (le lien est sur la page de l’événement)`,
  onlineOnly: 'En ligne : le lien est sur la page de l’événement',
  seeEvent: 'Voir l’événement',
  cantMakeIt: 'Vous ne pouvez plus venir ? Annulez votre participation sur la page de l’événement pour laisser votre place.',
  footer: (url) => `Vous recevez cet e-mail en raison de vos préférences de notification. Choisissez les e-mails que vous recevez : ${url}`,
  footerHtml: { text: 'Vous recevez cet e-mail en raison de vos préférences de notification.', link: 'Choisissez les e-mails que vous recevez' },
  rsvpPromoted: {
    subject: (t) => `Vous participez à ${t}`,
    body: (t) => `Bonne nouvelle : une place s’est libérée et vous quittez la liste d’attente. Vous participez à ${t}.`,
  },
  rsvpApproved: { subject: (t) => `Demande acceptée : ${t}`, body: (t) => `Les organisateurs ont accepté votre demande. Vous participez à ${t}.` },
  rsvpDeclined: { subject: (t) => `Votre demande pour ${t}`, body: (t) => `Les organisateurs n’ont pas pu accepter votre demande de participation à ${t} cette fois-ci.` },
  rsvpRequested: {
    subject: (t) => `Nouvelle demande de participation à ${t}`,
    body: (who, t) => `${who} demande à participer à ${t}. Acceptez ou refusez la demande sur la liste des invités.`,
    action: 'Ouvrir la liste des invités',
  },
  eventCancelled: {
    subject: (t) => `Annulé : ${t}`,
    body: (t) => `${t} a été annulé par ses organisateurs.`,
    bodyWithReason: (t) => `${t} a été annulé par ses organisateurs. Leur message :`,
  },
  hostMessage: { defaultSubject: 'Un message de l’organisateur', body: (from, t) => `${from} a envoyé un message aux invités de ${t} :` },
  reminder24h: { subject: (t) => `Demain : ${t}`, body: (t) => `Petit rappel : ${t}, c’est demain.` },
  reminder1h: { subject: (t) => `Bientôt : ${t}`, body: (t) => `${t} commence dans une heure environ.` },
  feedbackRequested: {
    subject: (t) => `C’était comment, ${t} ?`,
    body: (t) => `Merci d’être venu·e à ${t}. C’était comment ? Une note de 1 à 5, et un commentaire si vous voulez : seuls les organisateurs le lisent.`,
    action: 'Donner mon avis',
  },
  eventChanged: {
    subject: (what, t) => `${what === 'time' ? 'Nouvel horaire' : what === 'place' ? 'Nouveau lieu' : 'Nouvel horaire et nouveau lieu'} : ${t}`,
    body: (what, t) =>
      `Les organisateurs ont changé ${what === 'time' ? 'l’horaire' : what === 'place' ? 'le lieu' : 'l’horaire et le lieu'} de ${t}. Votre participation est maintenue ; voici ce qui est prévu désormais.`,
    before: 'Avant',
  },
  cohostAdded: {
    subjectCohost: (t) => `Vous co-organisez désormais ${t}`,
    subjectChecker: (t) => `Vous êtes désormais à l’accueil de ${t}`,
    bodyCohost: (from, t) => `${from} vous a ajouté comme co-organisateur de ${t}.`,
    bodyChecker: (from, t) => `${from} vous a ajouté à l’accueil de ${t}.`,
    action: 'Gérer l’événement',
  },
  group: {
    yourGroup: 'votre groupe',
    aNewEvent: 'un nouvel événement',
    seeGroup: 'Voir le groupe',
    eventPublished: {
      subject: (g, t) => `Nouvel événement dans ${g} : ${t}`,
      body: (g, t) => `${g} a un nouvel événement : ${t}.`,
      unsubscribe: (g) => `Ne plus recevoir d’e-mails sur les nouveaux événements de ${g}`,
    },
    announcement: { defaultSubject: 'Une annonce', body: (from, g) => `${from} a envoyé une annonce aux membres de ${g} :` },
    joinRequested: {
      subject: (g) => `Nouvelle demande pour rejoindre ${g}`,
      body: (who, g) => `${who} demande à rejoindre ${g}. Acceptez ou refusez la demande sur la page des membres du groupe.`,
      action: 'Voir les demandes',
    },
    joinApproved: { subject: (g) => `Bienvenue dans ${g}`, body: (g) => `Votre demande a été acceptée : vous êtes maintenant membre de ${g}.` },
    roleChanged: {
      subject: (role, g) => `Vous êtes désormais ${ROLE[role]} de ${g}`,
      body: (from, role, g) => `${from} vous a nommé ${ROLE[role]} de ${g}.`,
      manage: 'Gérer le groupe',
    },
  },
  payments,
  conversation: {
    mention: { subject: (who, t) => `${who} vous a mentionné·e dans « ${t} »`, body: (who, t, g) => `${who} vous a mentionné·e dans la discussion « ${t} » de ${g} :` },
    reply: { subject: (t) => `Nouvelle réponse dans « ${t} »`, body: (who, t, g) => `${who} a répondu dans la discussion « ${t} » de ${g} :` },
    directMessage: { subject: (who) => `Nouveau message de ${who}`, body: (who) => `${who} vous a envoyé un message privé :` },
    openDiscussion: 'Ouvrir la discussion',
    openConversation: 'Répondre',
  },
  ics: { cancelled: (text) => `Annulé : ${text}`, online: 'En ligne', eventPage: (url) => `Page de l’événement : ${url}` },
  feed: {
    personal: 'Gather : mes événements',
    groupNews: (g) => `Nouveaux événements de ${g} sur Gather`,
    searchNews: (q) => `Nouveaux événements correspondant à « ${q} » sur Gather`,
    siteNews: 'Nouveaux événements sur Gather',
  },
};
