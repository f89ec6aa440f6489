import { Trans } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { activeLocale } from "@/lib/i18n";
import { supabaseUrl } from "@/lib/supabase";
import type { EventDetail } from "../api/get-event";
import { googleCalendarUrl, icsUrl } from "../calendar-links";

export function CalendarButtons({ event }: { event: EventDetail }) {
  const pageUrl = `${window.location.origin}/events/${event.slug}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={icsUrl(event.slug, supabaseUrl, activeLocale())} download={`${event.slug}.ics`}>
          <CalendarPlus aria-hidden="true" />
          <Trans>Add to calendar (.ics)</Trans>
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={googleCalendarUrl(event, pageUrl)} target="_blank" rel="noopener noreferrer">
          Google Calendar
          <span className="sr-only">
            {" "}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      </Button>
    </div>
  );
}
