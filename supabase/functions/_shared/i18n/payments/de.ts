import type { PaymentMessages } from './messages.ts';

export const de: PaymentMessages = {
  orderPaid: {
    subject: (t) => `Deine Tickets für ${t}`,
    body: (t) => `Danke für deine Bestellung. Deine Tickets für ${t} sind bereit: Jedes hat seinen eigenen QR-Code auf deiner Bestellseite.`,
    action: 'Tickets ansehen',
    outro: 'Auf deiner Bestellseite kannst du für jedes Ticket den Namen des Inhabers eintragen.',
  },
  total: 'Gesamt',
  discount: (code) => `Code ${code}`,
  orderRefunded: {
    subject: (t) => `Erstattung für ${t}`,
    body: (amount, t) => `Wir haben ${amount} deiner Bestellung für ${t} erstattet. Es kann 5 bis 10 Tage dauern, bis der Betrag auf deinem Konto erscheint.`,
    why: {
      requested_by_buyer: 'Du hast diese Erstattung angefordert.',
      by_host: 'Die Veranstalter haben erstattet.',
      event_cancelled: 'Die Veranstaltung wurde abgesagt.',
      sold_out: 'Deine Zahlung kam an, nachdem deine Reservierung abgelaufen war, und die Veranstaltung war inzwischen ausgebucht: Es konnte kein Ticket ausgestellt werden.',
      outside_gather: 'Die Veranstalter haben erstattet.',
    },
    action: 'Bestellung ansehen',
  },
  ticketOffer: {
    subject: (t) => `Ein Ticket für ${t} ist für dich reserviert`,
    body: (n, type, t) => `Ein Platz ist frei geworden: ${n} × ${type} für ${t} ist für dich reserviert. Kaufe es vor Ablauf der Frist, sonst geht es an die nächste Person auf der Warteliste.`,
    until: 'Für dich reserviert bis',
    action: 'Ticket kaufen',
  },
};
