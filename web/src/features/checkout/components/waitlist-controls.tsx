import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { formatEventStart } from "@/lib/datetime";
import type { WaitlistEntry } from "../api/checkout-api";

type JoinProps = { min: number; max: number; busy: boolean; onJoin: (quantity: number) => void; name: string };

/** Under a sold-out type: how many tickets to wait for, and the button. */
export function JoinWaitlist({ min, max, busy, onJoin, name }: JoinProps) {
  const id = useId();
  const [quantity, setQuantity] = useState(min);
  const choices = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        <Trans>Tickets to wait for: "{name}"</Trans>
      </label>
      <Select id={id} value={String(quantity)} onChange={(e) => setQuantity(Number(e.target.value))} className="h-9 w-20" disabled={busy}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => onJoin(quantity)}>
        <Trans>Join the waitlist</Trans>
      </Button>
    </div>
  );
}

type StatusProps = { entry: WaitlistEntry; typeName: string; timeZone: string; busy: boolean; onLeave: () => void };

/** The member's place on the ticket waitlist, or the offer they may take up until its deadline. */
export function WaitlistStatus({ entry, typeName, timeZone, busy, onLeave }: StatusProps) {
  const { t } = useLingui();
  const quantity = entry.quantity;
  const until = entry.offer_expires_at ? formatEventStart(entry.offer_expires_at, timeZone) : "";
  const offered = entry.status === "offered" || entry.status === "claimed";
  return (
    <div
      role="status"
      className={
        offered
          ? "flex flex-col gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
          : "flex flex-col gap-2 rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground"
      }
    >
      <p>
        {offered
          ? t`Seats are free for you: buy ${quantity} × ${typeName} by ${until}.`
          : t`You're on the waitlist for ${quantity} × ${typeName}. We'll tell you when seats free up.`}
      </p>
      {entry.status !== "claimed" && (
        <Button type="button" variant="outline" size="sm" className="self-start" disabled={busy} onClick={onLeave}>
          {offered ? <Trans>Decline the offer</Trans> : <Trans>Leave the waitlist</Trans>}
        </Button>
      )}
    </div>
  );
}
