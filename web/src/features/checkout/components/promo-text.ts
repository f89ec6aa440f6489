import { t } from "@lingui/core/macro";
import { formatMoney } from "@/lib/money/money";
import type { Promo } from "../cart";

/** "20% off" / "€5 off each ticket", and whether it is for some tickets only. */
export function promoText(promo: Promo, currency: string): string {
  const percent = promo.percent_off ?? 0;
  const amount = formatMoney(promo.amount_off ?? 0, currency);
  const off = promo.percent_off !== null ? t`${percent}% off` : t`${amount} off each ticket`;
  return promo.ticket_type_ids ? t`${off}, on some tickets` : off;
}
