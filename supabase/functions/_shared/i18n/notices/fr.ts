import type { ItemType, NoticeMessages } from './messages.ts';

const item = (type: ItemType, name: string) => (type === 'event' ? `votre événement ${name}` : `votre groupe ${name}`);
const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? '1 personne' : `${n} personnes`);

export const fr: NoticeMessages = {
  moderation: {
    hidden: {
      subject: (type, name) => `Les modérateurs ont masqué ${item(type, name)}`,
      body: (type, name) =>
        `Les modérateurs du site ont masqué ${item(type, name)}. Seuls vous, le reste de son équipe et les modérateurs pouvez le voir désormais ; il n’apparaît plus nulle part.`,
      reasonIntro: 'Leur motif :',
      noReason: 'Ils n’ont pas donné de motif.',
      appeal: () => `Si vous pensez qu’il s’agit d’une erreur, vous pouvez faire appel une fois depuis la page de l’avis. Les modérateurs liront votre message et vous répondront.`,
      appealAction: `Lire l’avis ou faire appel`,
    },
    restored: {
      subject: (type, name) => `${type === 'event' ? 'Votre événement' : 'Votre groupe'} ${name} est de nouveau visible`,
      body: (type, name) => `Les modérateurs du site ont rétabli ${item(type, name)}. Tous ceux qui le voyaient auparavant le voient de nouveau.`,
    },
    appealAccepted: {
      subject: (type, name) => `Appel accepté : ${name}`,
      body: (type, name) => `Les modérateurs ont accepté votre appel et rétabli ${item(type, name)}. Tous ceux qui le voyaient auparavant le voient de nouveau.`,
    },
    appealRejected: {
      subject: (type, name) => `Appel rejeté : ${name}`,
      body: (type, name) => `Les modérateurs ont lu votre appel et maintiennent ${item(type, name)} masqué. Cette décision est définitive.`,
      responseIntro: 'Leur réponse :',
    },
    action: (type) => (type === 'event' ? 'Ouvrir l’événement' : 'Ouvrir le groupe'),
  },
  hostNews: {
    single: {
      new_rsvp: { subject: (who, t) => `${who} participe à ${t}`, body: (who, t) => `${who} participe à ${t}.` },
      new_waitlist: {
        subject: (who, t) => `${who} s’est inscrit sur la liste d’attente de ${t}`,
        body: (who, t) => `${who} s’est inscrit sur la liste d’attente de ${t}. Une place lui reviendra si elle se libère.`,
      },
      new_member: { subject: (who, g) => `${who} a rejoint ${g}`, body: (who, g) => `${who} a rejoint votre groupe ${g}.` },
      new_comment: { subject: (who, t) => `${who} a commenté ${t}`, body: (who, t) => `${who} a commenté ${t} :` },
    },
    guests: (n) => (n === 1 ? 'Avec 1 invité.' : `Avec ${n} invités.`),
    batch: {
      new_rsvp: { subject: (n, t) => `${n} nouvelles participations à ${t}`, body: (n, t, names) => `${people(n)} participent désormais à ${t} : ${names}.` },
      new_waitlist: {
        subject: (n, t) => `${n} inscriptions sur la liste d’attente de ${t}`,
        body: (n, t, names) => `${people(n)} se sont inscrites sur la liste d’attente de ${t} : ${names}.`,
      },
      rsvp_requested: {
        subject: (n, t) => `${n} nouvelles demandes de participation à ${t}`,
        body: (n, t, names) => `${people(n)} demandent à participer à ${t} : ${names}. Acceptez ou refusez-les depuis la liste des invités.`,
      },
      group_join_requested: {
        subject: (n, g) => `${n} nouvelles demandes pour rejoindre ${g}`,
        body: (n, g, names) => `${people(n)} demandent à rejoindre ${g} : ${names}. Acceptez ou refusez-les depuis la page des membres du groupe.`,
      },
      new_member: { subject: (n, g) => `${n} nouveaux membres dans ${g}`, body: (n, g, names) => `${people(n)} ont rejoint ${g} : ${names}.` },
      new_comment: { subject: (n, t) => `${n} nouveaux commentaires sur ${t}`, body: (n, t, names) => `${n} nouveaux commentaires sur ${t}, de ${names}.` },
    },
    line: {
      new_rsvp: (n, names) => `${n === 1 ? '1 nouvelle participation' : `${n} nouvelles participations`} : ${names}`,
      new_waitlist: (n, names) => `${n === 1 ? '1 inscription' : `${n} inscriptions`} sur la liste d’attente : ${names}`,
      rsvp_requested: (n, names) => `${n === 1 ? '1 demande' : `${n} demandes`} de participation : ${names}`,
      group_join_requested: (n, names) => `${n === 1 ? '1 demande' : `${n} demandes`} d’adhésion : ${names}`,
      new_member: (n, names) => `${n === 1 ? '1 nouveau membre' : `${n} nouveaux membres`} : ${names}`,
      new_comment: (n, names) => `${n === 1 ? '1 nouveau commentaire' : `${n} nouveaux commentaires`}, de ${names}`,
    },
    names: (names, more) => (more > 0 ? `${names.join(', ')} et ${more} autres` : list(names)),
    digest: {
      subject: (n) => (n === 1 ? 'Votre résumé du jour : 1 nouveauté sur vos événements et groupes' : `Votre résumé du jour : ${n} nouveautés sur vos événements et groupes`),
      intro: 'Voici ce qui s’est passé sur les événements et groupes que vous animez depuis votre dernier résumé.',
      action: 'Ouvrir mes événements',
    },
    guestList: 'Ouvrir la liste des invités',
    members: 'Voir les membres',
    comments: 'Lire les commentaires',
  },
};
