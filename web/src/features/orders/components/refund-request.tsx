import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { formatEventStart } from "@/lib/datetime";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { formatMoney } from "@/lib/money/money";
import { orderKeys, requestRefund, type OrderDetails } from "../api/order-api";
import { buyerRefundWindow, refundableTickets } from "../refund-rules";

/** The buyer's refund, where the event's policy allows one: which tickets, then a confirmation. */
export function RefundRequest({ order }: { order: OrderDetails }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const policy = buyerRefundWindow(order);
  const tickets = refundableTickets(order);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(tickets.map((x) => x.id)));
  const [confirming, setConfirming] = useState(false);
  const refund = useMutation({
    mutationFn: () => requestRefund(order.order_id, [...chosen]),
    onSuccess: (result) => {
      const amount = formatMoney(result.amount, order.currency);
      toast.success(result.status === "succeeded" || result.status === "pending"
        ? t`Refund of ${amount} made. It reaches your card in a few days.`
        : t`Refund of ${amount} asked for. It is made in a few minutes.`);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.order_id) });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(paymentErrorMessage(error));
    },
  });

  if (order.event.refund_policy === "none") {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This event's tickets are not refundable. Contact the hosts if something came up.</Trans>
      </p>
    );
  }
  const until = policy.until ? formatEventStart(policy.until, order.event.timezone) : "";
  if (!policy.open) {
    return policy.until ? (
      <p className="text-sm text-muted-foreground">
        <Trans>Refunds could be asked for until {until}.</Trans>
      </p>
    ) : null;
  }
  const amount = formatMoney(tickets.filter((x) => chosen.has(x.id)).reduce((sum, x) => sum + x.amount, 0), order.currency);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        <Trans>You can ask for a refund until {until}.</Trans>
      </p>
      {tickets.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>Tickets to refund</Trans>
          </legend>
          {tickets.map((ticket) => {
            const position = ticket.position;
            const name = ticket.name;
            return (
              <CheckboxField key={ticket.id} label={t`Ticket ${position} · ${name}`} checked={chosen.has(ticket.id)}
                onChange={(e) => setChosen((old) => {
                  const next = new Set(old);
                  if (e.target.checked) next.add(ticket.id);
                  else next.delete(ticket.id);
                  return next;
                })} />
            );
          })}
        </fieldset>
      )}
      <Button variant="outline" className="self-start" disabled={chosen.size === 0} onClick={() => setConfirming(true)}>
        <Trans>Ask for a refund</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Refund ${amount}?`}
        description={t`The refunded tickets stop being valid at once, and their seats go to others.`}
        confirmLabel={t`Refund`}
        cancelLabel={t`Keep my tickets`}
        busy={refund.isPending}
        onConfirm={() => refund.mutate()}
      />
    </div>
  );
}
