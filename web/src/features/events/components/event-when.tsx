import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { formatEventRange, sameWallClock, viewerTimeZone, zoneName } from "@/lib/datetime";

type EventWhenProps = { startsAt: string; endsAt: string; timeZone: string; viewerZone?: string };

/** When, in the venue's zone; plus the viewer's own time when their clock differs. */
export function EventWhen({ startsAt, endsAt, timeZone, viewerZone = viewerTimeZone() }: EventWhenProps) {
  const { t } = useLingui();
  const differs = !sameWallClock(startsAt, timeZone, viewerZone);
  const yours = formatEventRange(startsAt, endsAt, viewerZone);
  const zone = zoneName(startsAt, timeZone);
  return (
    <div className="flex items-start gap-3">
      <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium">
          <time dateTime={startsAt}>{formatEventRange(startsAt, endsAt, timeZone)}</time>
        </p>
        <p className="text-sm text-muted-foreground">
          {differs ? t`Your time: ${yours}` : t`Local time (${zone})`}
        </p>
      </div>
    </div>
  );
}
