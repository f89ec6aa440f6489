import { Trans } from "@lingui/react/macro";
import { formatMoney } from "@/lib/money/money";
import type { OrderDetails } from "../api/order-api";

/** What was bought and what it cost, as the order (and Stripe) says. */
export function OrderLines({ order }: { order: OrderDetails }) {
  const money = (n: number) => formatMoney(n, order.currency);
  const code = order.promo_code;
  return (
    <dl className="flex flex-col gap-1 text-sm" data-testid="order-lines">
      {order.items.map((item) => (
        <div key={item.ticket_type_id} className="flex justify-between gap-3">
          <dt>
            {item.quantity} × {item.name}
          </dt>
          <dd>{money(item.unit_price * item.quantity)}</dd>
        </div>
      ))}
      {order.amount_discount > 0 && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>
            <Trans>Discount ({code})</Trans>
          </dt>
          <dd>−{money(order.amount_discount)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 border-t border-border pt-1 font-semibold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid="order-total">{money(order.amount_total)}</dd>
      </div>
      {order.amount_refunded > 0 && (
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Refunded</Trans>
          </dt>
          <dd data-testid="order-refunded">−{money(order.amount_refunded)}</dd>
        </div>
      )}
    </dl>
  );
}
