import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { formatMoney, parseMoney } from "@/lib/money/money";
import type { RefundChoice, SalesOrder } from "../api/sales-api";
import { leftToRefund, openTickets } from "../refund-choice";

type Props = { order: SalesOrder; open: boolean; busy: boolean; onOpenChange: (open: boolean) => void; onRefund: (choice: RefundChoice) => void };

/** The team's refund of an order: all that is left, some tickets, or an amount of money (tickets kept). */
export function RefundDialog({ order, open, busy, onOpenChange, onRefund }: Props) {
  const { t } = useLingui();
  const id = useId();
  const tickets = openTickets(order);
  const left = leftToRefund(order);
  const [kind, setKind] = useState<"all" | "tickets" | "amount">("all");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const leftText = formatMoney(left, order.currency);
  const buyer = order.buyer?.display_name ?? t`A former member`;
  // Seats are numbered across the order; "of 3" counts them all, refunded ones too.
  const count = Math.max(order.tickets.length, ...order.tickets.map((x) => x.position));

  const confirm = () => {
    if (kind === "all") return onRefund({});
    if (kind === "tickets") {
      if (chosen.size === 0) return setProblem(t`Choose the tickets to refund.`);
      return onRefund({ ticket_ids: [...chosen] });
    }
    const minor = parseMoney(amount, order.currency);
    if (minor === null || minor < 1 || minor > left) return setProblem(t`Enter an amount up to ${leftText}.`);
    onRefund({ amount: minor });
  };
  const radio = (value: typeof kind, label: string) => (
    <label className="flex items-center gap-3 text-sm">
      <input type="radio" name={id} value={value} checked={kind === value} className="size-4 accent-brand-700"
        onChange={() => { setKind(value); setProblem(null); }} />
      {label}
    </label>
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Refund ${buyer}'s order`}
      description={t`The money goes back to the card it came from. Refunded tickets stop being valid at once.`}
      confirmLabel={t`Refund`}
      cancelLabel={t`Don't refund`}
      busy={busy}
      onConfirm={confirm}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">
          <Trans>What to refund</Trans>
        </legend>
        {radio("all", t`Everything left: ${leftText}`)}
        {tickets.length > 0 && radio("tickets", t`Some tickets`)}
        {kind === "tickets" && (
          <div className="flex flex-col gap-2 pl-7">
            {tickets.map((ticket) => {
              const position = ticket.position;
              const price = formatMoney(ticket.amount, order.currency);
              // A ticket nobody named is the buyer's: "Ticket 2 of 3 · Grace Hopper · €8.00", never a blank.
              const holder = ticket.holder_name.trim() || buyer;
              return (
                <CheckboxField key={ticket.id} label={t`Ticket ${position} of ${count} · ${holder} · ${price}`} checked={chosen.has(ticket.id)}
                  onChange={(e) => setChosen((old) => {
                    const next = new Set(old);
                    if (e.target.checked) next.add(ticket.id);
                    else next.delete(ticket.id);
                    return next;
                  })} />
              );
            })}
          </div>
        )}
        {radio("amount", t`An amount (the tickets stay valid)`)}
        {kind === "amount" && (
          <div className="pl-7">
            <label htmlFor={`${id}-amount`} className="sr-only">
              <Trans>Amount to refund ({order.currency})</Trans>
            </label>
            <Input id={`${id}-amount`} value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)}
              placeholder={order.currency} aria-invalid={problem ? true : undefined} />
          </div>
        )}
        {problem && <p className="text-sm font-medium text-red-700" role="alert">{problem}</p>}
      </fieldset>
    </ConfirmDialog>
  );
}
