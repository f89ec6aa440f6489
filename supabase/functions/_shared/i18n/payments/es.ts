import type { PaymentMessages } from './messages.ts';

export const es: PaymentMessages = {
  orderPaid: {
    subject: (t) => `Tus entradas para ${t}`,
    body: (t) => `Gracias por tu pedido. Tus entradas para ${t} están listas: cada una tiene su propio código QR en la página de tu pedido.`,
    action: 'Ver tus entradas',
    outro: 'En la página de tu pedido puedes indicar el nombre del titular de cada entrada.',
  },
  total: 'Total',
  discount: (code) => `Código ${code}`,
  orderRefunded: {
    subject: (t) => `Reembolso de ${t}`,
    body: (amount, t) => `Te hemos reembolsado ${amount} de tu pedido para ${t}. Puede tardar de 5 a 10 días en aparecer en tu extracto.`,
    why: {
      requested_by_buyer: 'Pediste este reembolso.',
      by_host: 'Los organizadores lo han reembolsado.',
      event_cancelled: 'El evento se ha cancelado.',
      sold_out: 'Tu pago llegó después de que terminara tu reserva y el evento ya estaba completo, así que no se pudo emitir ninguna entrada.',
      outside_gather: 'Los organizadores lo han reembolsado.',
    },
    action: 'Ver tu pedido',
  },
  ticketOffer: {
    subject: (t) => `Hay una entrada para ${t} reservada para ti`,
    body: (n, type, t) => `Se ha liberado una plaza: ${n} × ${type} para ${t} está reservada para ti. Cómprala antes del plazo o pasará a la siguiente persona de la lista de espera.`,
    until: 'Reservada para ti hasta',
    action: 'Comprar tu entrada',
  },
};
