import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toDayKey } from "@/lib/datetime";

type DateRangeFieldsProps = {
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
};

/** From / to dates (both included). Moving one past the other moves the other along. */
export function DateRangeFields({ from, to, onChange }: DateRangeFieldsProps) {
  const id = useId();
  const today = toDayKey(new Date());
  return (
    <div className="grid grid-cols-2 gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-from`}>
          <Trans comment="The first day of a date range">From</Trans>
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          min={today}
          value={from ?? ""}
          onChange={(e) => {
            const next = e.target.value || null;
            onChange(next, next && to && to < next ? next : to);
          }}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-to`}>
          <Trans comment="The last day of a date range">To</Trans>
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          min={from ?? today}
          value={to ?? ""}
          onChange={(e) => {
            const next = e.target.value || null;
            onChange(next && from && from > next ? next : from, next);
          }}
        />
      </div>
    </div>
  );
}
