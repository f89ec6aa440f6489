import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { orderKeys, saveHolderName } from "../api/order-api";

/** The name on a ticket, which the buyer can change until the event ends (for a friend, say). */
export function HolderNameField({ orderId, ticketId, position, initial }: { orderId: string; ticketId: string; position: number; initial: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(initial);
  const save = useMutation({
    mutationFn: () => saveHolderName(ticketId, name.trim()),
    onSuccess: () => {
      toast.success(t`Name saved on ticket ${position}.`);
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  const changed = name.trim() !== initial;
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save.mutate();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Name on ticket {position}</Trans>
      </label>
      <div className="flex gap-2">
        <Input id={id} value={name} maxLength={120} autoComplete="name" onChange={(e) => setName(e.target.value)} disabled={save.isPending} />
        <Button type="submit" variant="outline" disabled={!changed || save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
