import type { PaymentMessages } from './messages.ts';

export const ptBR: PaymentMessages = {
  orderPaid: {
    subject: (t) => `Seus ingressos para ${t}`,
    body: (t) => `Obrigado pelo seu pedido. Seus ingressos para ${t} estão prontos: cada um tem seu próprio QR code na página do seu pedido.`,
    action: 'Ver seus ingressos',
    outro: 'Na página do pedido você pode informar o nome do titular de cada ingresso.',
  },
  total: 'Total',
  discount: (code) => `Código ${code}`,
  orderRefunded: {
    subject: (t) => `Reembolso de ${t}`,
    body: (amount, t) => `Reembolsamos ${amount} do seu pedido para ${t}. Pode levar de 5 a 10 dias para aparecer na sua fatura.`,
    why: {
      requested_by_buyer: 'Você pediu este reembolso.',
      by_host: 'Os organizadores fizeram o reembolso.',
      event_cancelled: 'O evento foi cancelado.',
      sold_out: 'Seu pagamento chegou depois do fim da sua reserva e o evento já estava lotado, então nenhum ingresso pôde ser emitido.',
      outside_gather: 'Os organizadores fizeram o reembolso.',
    },
    action: 'Ver seu pedido',
  },
  ticketOffer: {
    subject: (t) => `Um ingresso para ${t} está reservado para você`,
    body: (n, type, t) => `Uma vaga foi liberada: ${n} × ${type} para ${t} está reservado para você. Compre antes do prazo, ou ele passa para a próxima pessoa da lista de espera.`,
    until: 'Reservado para você até',
    action: 'Comprar seu ingresso',
  },
};
