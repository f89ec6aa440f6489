import type { PaymentMessages } from './messages.ts';

export const en: PaymentMessages = {
  orderPaid: {
    subject: (t) => `Your tickets for ${t}`,
    body: (t) => `Thank you for your order. Your tickets for ${t} are ready: each has its own QR code on your order page.`,
    action: 'See your tickets',
    outro: 'You can name each ticket\'s holder on your order page.',
  },
  total: 'Total',
  discount: (code) => `Code ${code}`,
  orderRefunded: {
    subject: (t) => `Refund for ${t}`,
    body: (amount, t) => `We refunded ${amount} of your order for ${t}. It can take 5 to 10 days to show on your statement.`,
    why: {
      requested_by_buyer: 'You asked for this refund.',
      by_host: 'The organizers refunded it.',
      event_cancelled: 'The event was cancelled.',
      sold_out: 'Your payment arrived after your reservation had ended and the event was full by then, so no ticket could be issued.',
      outside_gather: 'The organizers refunded it.',
    },
    action: 'See your order',
  },
  ticketOffer: {
    subject: (t) => `A ticket for ${t} is yours to take`,
    body: (n, type, t) => `A place opened up: ${n} × ${type} for ${t} is kept for you. Buy it before the deadline, or it goes to the next person on the waitlist.`,
    until: 'Kept for you until',
    action: 'Buy your ticket',
  },
};
