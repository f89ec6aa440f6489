import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { OrderStatusBadge } from "@/components/payments/order-status-badge";
import { AnswerTerm } from "@/components/questions/answer-term";
import { Button } from "@/components/ui/button";
import { formatEventStart } from "@/lib/datetime";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { formatMoney } from "@/lib/money/money";
import { refundOrder, salesKeys, type OrderAnswer, type RefundChoice, type SalesOrder } from "../api/sales-api";
import { answerCell } from "../orders-csv";
import { canRefund } from "../refund-choice";
import { RefundDialog } from "./refund-dialog";

type Props = { eventId: string; orders: SalesOrder[]; answers: OrderAnswer[]; timeZone: string };

/** Every order, newest first: buyer, tickets and holders, answers, refunds, and the refund button. */
export function OrdersList({ eventId, orders, answers, timeZone }: Props) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<SalesOrder | null>(null);
  const refund = useMutation({
    mutationFn: ({ order, choice }: { order: SalesOrder; choice: RefundChoice }) => refundOrder(order.id, choice),
    onSuccess: (result, { order }) => {
      const amount = formatMoney(result.amount, order.currency);
      toast.success(result.status === "requested" ? t`Refund of ${amount} asked for; Stripe makes it in a few minutes.` : t`Refunded ${amount}.`);
      setRefunding(null);
      void queryClient.invalidateQueries({ queryKey: salesKeys.orders(eventId) });
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  const yes = t({ message: "Yes", comment: "A ticked checkbox question's answer" });
  const newest = [...orders].reverse();

  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-3">
      <h2 id="orders-heading" className="text-lg font-semibold">
        <Trans>Orders</Trans>
      </h2>
      {newest.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          <Trans>No tickets sold yet. Orders appear here as they are paid.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Orders, newest first`}>
          {newest.map((o) => {
            const buyer = o.buyer?.display_name ?? t`A former member`;
            const when = formatEventStart(o.paid_at ?? o.created_at, timeZone);
            const valid = o.tickets.filter((x) => x.status === "valid").length;
            const own = answers.filter((a) => a.order_id === o.id);
            const refunded = formatMoney(o.amount_refunded, o.currency);
            return (
              <li key={o.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4" data-testid="sales-order">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {buyer}
                      <OrderStatusBadge status={o.status} />
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {when} · {plural(valid, { one: "# valid ticket", other: "# valid tickets" })} · {formatMoney(o.amount_total, o.currency)}
                      {o.promo_code && ` · ${o.promo_code}`}
                      {o.amount_refunded > 0 && ` · ${t`refunded ${refunded}`}`}
                    </p>
                  </div>
                  {canRefund(o) && (
                    <Button variant="outline" size="sm" onClick={() => setRefunding(o)} aria-label={t`Refund ${buyer}'s order`}>
                      <Trans>Refund</Trans>
                    </Button>
                  )}
                </div>
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-brand-700">
                    <Trans>Tickets and answers</Trans>
                  </summary>
                  <ul className="mt-2 flex flex-col gap-1">
                    {[...o.tickets].sort((a, b) => a.position - b.position).map((x) => {
                      const type = o.order_items.find((i) => i.ticket_type_id === x.ticket_type_id)?.name ?? "";
                      const position = x.position;
                      return (
                        <li key={x.id}>
                          {t`Ticket ${position}`} · {type} · {x.holder_name || "—"} · {ticketStatusText(x.status)}
                          {own.filter((a) => a.ticket_id === x.id).map((a) => (
                            <span key={a.label} className="block pl-4 text-muted-foreground">
                              <AnswerTerm label={a.label} /> {answerCell(a.value, yes)}
                            </span>
                          ))}
                        </li>
                      );
                    })}
                  </ul>
                  {own.filter((a) => !a.ticket_id).length > 0 && (
                    <dl className="mt-2 flex flex-col gap-1">
                      {own.filter((a) => !a.ticket_id).map((a) => (
                        <div key={a.label}>
                          <dt className="inline font-medium">{a.label}: </dt>
                          <dd className="inline">{answerCell(a.value, yes)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </details>
              </li>
            );
          })}
        </ul>
      )}
      {refunding && (
        <RefundDialog key={refunding.id} order={refunding} open busy={refund.isPending} onOpenChange={(open) => !open && setRefunding(null)}
          onRefund={(choice) => refund.mutate({ order: refunding, choice })} />
      )}
    </section>
  );
}

function ticketStatusText(status: SalesOrder["tickets"][number]["status"]): string {
  switch (status) {
    case "valid": return t({ message: "valid", comment: "A paid ticket's status, in the orders list" });
    case "refunded": return t({ message: "refunded", comment: "A paid ticket's status, in the orders list" });
    case "held": return t({ message: "held", comment: "A ticket whose payment is not through yet, in the orders list" });
    case "released": return t({ message: "released", comment: "A ticket given back before it was paid, in the orders list" });
  }
}
