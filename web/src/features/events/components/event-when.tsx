import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { formatEventRange, sameWallClock, viewerTimeZone, zoneName } from "@/lib/datetime";

type EventWhenProps = { startsAt: string; endsAt: string; timeZone: string; viewerZone?: string };

/**
 * When, in the venue's zone, labelled with its UTC offset (decision 0301). When the viewer's clock
 * differs, the venue's zone is named and the viewer's own time follows; otherwise the line says
 * the times are local.
 */
export function EventWhen({ startsAt, endsAt, timeZone, viewerZone = viewerTimeZone() }: EventWhenProps) {
  const { t } = useLingui();
  // Only the label shown is formatted: a zone's long name costs Intl a lot of data to load.
  let label: string;
  const zone = zoneName(startsAt, timeZone);
  if (!sameWallClock(startsAt, timeZone, viewerZone)) {
    const yours = formatEventRange(startsAt, endsAt, viewerZone);
    label = t`At the venue: ${zone}. Your time: ${yours}`;
  } else {
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
