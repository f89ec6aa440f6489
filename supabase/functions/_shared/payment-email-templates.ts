// The emails of paid tickets (issue 31): the receipt (order_paid), a refund (order_refunded) and
// a waitlist offer (ticket_offer), in the buyer's language. Pure, like email-templates.ts, which
// calls paymentContent() for these kinds; the payload carries what was charged, as the database
// recorded it, so the receipt says exactly what the order says.
import type { Content, NotificationEmailInput } from './email-templates.ts';
import { intlTag, type MailLocale, type MailMessages } from './i18n/index.ts';
import type { RefundReason } from './i18n/payments/messages.ts';

export const PAYMENT_EMAIL_KINDS = ['order_paid', 'order_refunded', 'ticket_offer'] as const;

/** An amount in minor units as the reader's language writes it: "€38.00", "38,00 €", "¥5,000". */
export function formatMoney(amount: number, currency: string, exponent: number, locale: MailLocale): string {
  try {
    return new Intl.NumberFormat(intlTag(locale), {
      style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent,
    }).format(amount / 10 ** exponent);
  } catch {
    return `${(amount / 10 ** exponent).toFixed(exponent)} ${currency}`;
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

interface Line {
  name: string;
  quantity: number;
  amount_total: number;
}

/** The email for a payment kind, or undefined for any other kind. */
export function paymentContent(
  input: NotificationEmailInput, details: Content['details'], m: MailMessages, locale: MailLocale, formatWhen: (iso: string, zone: string) => string,
): Content | undefined {
  const { kind, payload, siteUrl } = input;
  const p = m.payments;
  const title = input.event?.title ?? text(payload.title) ?? m.yourEvent;
  const slug = input.event?.slug ?? text(payload.slug);
  const currency = text(payload.currency) ?? 'EUR';
  const exponent = typeof payload.exponent === 'number' ? payload.exponent : 2;
  const money = (amount: unknown) => formatMoney(num(amount), currency, exponent, locale);
  const orderUrl = text(payload.order_id) ? `${siteUrl}/orders/${encodeURIComponent(payload.order_id as string)}` : siteUrl;
  switch (kind) {
    case 'order_paid': {
      const lines = (Array.isArray(payload.items) ? payload.items : []) as Line[];
      const receipt: Content['details'] = lines.map((l) => [`${l.quantity} × ${l.name}`, money(l.amount_total)]);
      if (num(payload.amount_discount) > 0 && text(payload.promo_code)) receipt.push([p.discount(payload.promo_code as string), `−${money(payload.amount_discount)}`]);
      return {
        subject: p.orderPaid.subject(title),
        paragraphs: [p.orderPaid.body(title)],
        details: [...details, ...receipt, [p.total, money(payload.amount_total)]],
        action: { label: p.orderPaid.action, url: orderUrl },
        outro: p.orderPaid.outro,
      };
    }
    case 'order_refunded': {
      const reason = (text(payload.reason) ?? 'by_host') as RefundReason;
      const cancelReason = reason === 'event_cancelled' ? text(payload.cancel_reason) : undefined;
      return {
        subject: p.orderRefunded.subject(title),
        paragraphs: [p.orderRefunded.body(money(payload.amount), title), p.orderRefunded.why[reason] ?? p.orderRefunded.why.by_host],
        quote: cancelReason,
        details,
        action: { label: p.orderRefunded.action, url: orderUrl },
      };
    }
    case 'ticket_offer': {
      const until = text(payload.offer_expires_at);
      const zone = input.event?.timezone ?? text(payload.timezone) ?? 'UTC';
      return {
        subject: p.ticketOffer.subject(title),
        paragraphs: [p.ticketOffer.body(num(payload.quantity) || 1, text(payload.ticket_type) ?? '', title)],
        details: until ? [[p.ticketOffer.until, formatWhen(until, zone)], ...details] : details,
        action: { label: p.ticketOffer.action, url: slug ? `${siteUrl}/events/${encodeURIComponent(slug)}` : siteUrl },
      };
    }
    default:
      return undefined;
  }
}
