import { Trans } from "@lingui/react/macro";
import { CalendarPlus } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { googleSubscribeUrl, outlookSubscribeUrl, webcalUrl } from "@/lib/calendar-feeds";
import { cn } from "@/lib/utils";

type SubscribeLinksProps = {
  /** The feed's https address (calendarFeedUrl). */
  feedUrl: string;
  /** What the calendar is called in Outlook's list. */
  name: string;
  className?: string;
};

/**
 * "Subscribe in …" for the three calendar apps most people use, each by its documented URL
 * (decision 0136): Google and Outlook on the web open in a new tab; Apple Calendar (and any app
 * registered for webcal://, Outlook on the desktop included) opens from the webcal link.
 */
export function SubscribeLinks({ feedUrl, name, className }: SubscribeLinksProps) {
  const link = cn(buttonVariants({ variant: "outline", size: "sm" }), "min-w-0");
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      <li>
        <a className={link} href={googleSubscribeUrl(feedUrl)} target="_blank" rel="noopener noreferrer">
          <CalendarPlus aria-hidden="true" />
          <Trans>Add to Google Calendar</Trans>
        </a>
      </li>
      <li>
        <a className={link} href={outlookSubscribeUrl(feedUrl, name)} target="_blank" rel="noopener noreferrer">
          <CalendarPlus aria-hidden="true" />
          <Trans>Outlook</Trans>
        </a>
      </li>
      <li>
        <a className={link} href={webcalUrl(feedUrl)}>
          <CalendarPlus aria-hidden="true" />
          <Trans>Apple Calendar</Trans>
        </a>
      </li>
    </ul>
  );
}
