import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import { Select } from "@/components/ui/select";
import { formatEventStart } from "@/lib/datetime";
import { formatMoney } from "@/lib/money/money";
import type { SaleState } from "../availability";
import { quantityChoices, type CartType } from "../cart";

type Props = {
  type: CartType & { description: string; sales_start_at: string | null };
  currency: string;
  timeZone: string;
  state: SaleState;
  /** Seats left (null: only the capacity limits it, and it is not near). */
  left: number | null;
  quantity: number;
  disabled: boolean;
  onQuantity: (n: number) => void;
  /** Shown instead of the quantity when the type is sold out (the waitlist). */
  soldOut?: ReactNode;
};

/** One ticket type: name, price, what it includes, how many are left, and how many to buy. */
export function TicketTypeRow({ type, currency, timeZone, state, left, quantity, disabled, onQuantity, soldOut }: Props) {
  const { t } = useLingui();
  const id = useId();
  const name = type.name;
  const price = type.price === 0 ? t({ message: "Free", comment: "A ticket type's price" }) : formatMoney(type.price, currency);
  const opens = type.sales_start_at ? formatEventStart(type.sales_start_at, timeZone) : "";
  const few = left !== null && left > 0 && left <= 10;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="ticket-type">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-name`} className="font-medium leading-snug">{name}</p>
          <p className="text-sm font-semibold text-brand-700">{price}</p>
        </div>
        {state === "on_sale" && left !== 0 && (
          <div className="flex shrink-0 items-center gap-2">
            <label htmlFor={`${id}-qty`} className="sr-only">
              <Trans>Number of "{name}" tickets</Trans>
            </label>
            <Select
              id={`${id}-qty`}
              value={String(quantity)}
              disabled={disabled}
              onChange={(e) => onQuantity(Number(e.target.value))}
              className="h-9 w-20"
            >
              {quantityChoices(type, left).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {type.description && <p className="text-sm text-muted-foreground">{type.description}</p>}
      {state === "upcoming" && (
        <p className="text-sm text-muted-foreground">
          <Trans>On sale from {opens}.</Trans>
        </p>
      )}
      {state === "ended" && (
        <p className="text-sm text-muted-foreground">
          <Trans>Sales have ended.</Trans>
        </p>
      )}
      {state === "on_sale" && left === 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-red-800">
            <Trans comment="A ticket type with no seats left">Sold out</Trans>
          </p>
          {soldOut}
        </div>
      )}
      {state === "on_sale" && few && (
        <p className="text-sm text-amber-900">
          <Plural value={left} one="Only # left" other="Only # left" />
        </p>
      )}
    </li>
  );
}
