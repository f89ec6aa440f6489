import { Trans } from "@lingui/react/macro";
import { formatMoney } from "@/lib/money/money";
import type { CartTotals } from "../cart";

/** The chosen tickets, the code's discount and the total, as the order will say. */
export function CartSummary({ totals, currency, promoCode }: { totals: CartTotals; currency: string; promoCode: string | null }) {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <dl className="flex flex-col gap-1 border-t border-border pt-3 text-sm" data-testid="cart-summary">
      {totals.lines.map((line) => (
        <div key={line.type.id} className="flex justify-between gap-3">
          <dt className="min-w-0 truncate">
            {line.quantity} × {line.type.name}
          </dt>
          <dd>{money(line.type.price * line.quantity)}</dd>
        </div>
      ))}
      {totals.discount > 0 && (
        <div className="flex justify-between gap-3 text-emerald-800">
          <dt>
            <Trans>Discount ({promoCode})</Trans>
          </dt>
          <dd>−{money(totals.discount)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-3 pt-1 text-base font-semibold">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid="cart-total">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
