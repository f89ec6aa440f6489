import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { formatEventRange, sameWallClock, viewerTimeZone, zoneName } from "@/lib/datetime";

type EventWhenProps = { startsAt: string; endsAt: string; timeZone: string; viewerZone?: string };

/** When, in the venue's zone; plus the viewer's own time when their clock differs. */
export function EventWhen({ startsAt, endsAt, timeZone, viewerZone = viewerTimeZone() }: EventWhenProps) {
  const { t } = useLingui();
  // Only the label shown is formatted: a zone's long name costs Intl a lot of data to load.
  let label: string;
  if (!sameWallClock(startsAt, timeZone, viewerZone)) {
    const yours = formatEventRange(startsAt, endsAt, viewerZone);
    label = t`Your time: ${yours}`;
  } else {
    const zone = zoneName(startsAt, timeZone);
    label = t`Local time (${zone})`;
  }
  return (
    <div className="flex items-start gap-3">
      <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium">
          <time dateTime={startsAt}>{formatEventRange(startsAt, endsAt, timeZone)}</time>
        </p>
        <p className="text-sm text-muted-foreground">
          {label}
        </p>
      </div>
    </div>
  );
}
