// What the payment emails say (issue 31): the receipt, a refund, a waitlist offer. One file per
// language beside this one, each implementing every message, as for the other emails (0205).

/** Why money went back, as order_refunds.reason says. */
export type RefundReason = 'requested_by_buyer' | 'by_host' | 'event_cancelled' | 'sold_out' | 'outside_gather';

export interface PaymentMessages {
  orderPaid: { subject(title: string): string; body(title: string): string; action: string; outro: string };
  total: string;
  discount(code: string): string;
  orderRefunded: {
    subject(title: string): string;
    body(amount: string, title: string): string;
    why: Record<RefundReason, string>;
    action: string;
  };
  ticketOffer: {
    subject(title: string): string;
    body(quantity: number, ticketType: string, title: string): string;
    until: string;
    action: string;
  };
}
