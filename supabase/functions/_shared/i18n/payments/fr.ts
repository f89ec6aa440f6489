import type { PaymentMessages } from './messages.ts';

export const fr: PaymentMessages = {
  orderPaid: {
    subject: (t) => `Vos billets pour ${t}`,
    body: (t) => `Merci pour votre commande. Vos billets pour ${t} sont prêts : chacun a son propre code QR sur la page de votre commande.`,
    action: 'Voir vos billets',
    outro: 'Vous pouvez indiquer le nom du titulaire de chaque billet sur la page de votre commande.',
  },
  total: 'Total',
  discount: (code) => `Code ${code}`,
  orderRefunded: {
    subject: (t) => `Remboursement pour ${t}`,
    body: (amount, t) => `Nous avons remboursé ${amount} de votre commande pour ${t}. Le remboursement peut mettre 5 à 10 jours à apparaître sur votre relevé.`,
    why: {
      requested_by_buyer: 'Vous avez demandé ce remboursement.',
      by_host: 'Les organisateurs l’ont remboursé.',
      event_cancelled: 'L’événement a été annulé.',
      sold_out: 'Votre paiement est arrivé après la fin de votre réservation et l’événement était complet entre-temps : aucun billet n’a pu être émis.',
      outside_gather: 'Les organisateurs l’ont remboursé.',
    },
    action: 'Voir votre commande',
  },
  ticketOffer: {
    subject: (t) => `Un billet pour ${t} vous attend`,
    body: (n, type, t) => `Une place s’est libérée : ${n} × ${type} pour ${t} vous est réservé. Achetez-le avant la date limite, sinon il passe à la personne suivante sur la liste d’attente.`,
    until: 'Réservé pour vous jusqu’au',
    action: 'Acheter votre billet',
  },
};
