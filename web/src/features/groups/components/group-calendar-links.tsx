import { Trans } from "@lingui/react/macro";
import { Rss } from "lucide-react";
import { SubscribeLinks } from "@/components/calendar/subscribe-links";
import { calendarFeedUrl } from "@/lib/calendar-feeds";

/**
 * The group's public events as a calendar to subscribe to, and its new events as RSS (decision
 * 0137). Feeds are read as a visitor, so only a public group's public events are in them.
 */
export function GroupCalendarLinks({ slug, name }: { slug: string; name: string }) {
  return (
    <section aria-labelledby="group-calendar" className="flex flex-col gap-3">
      <h2 id="group-calendar" className="text-lg font-semibold">
        <Trans>Subscribe to this group's calendar</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Its public events in your calendar app, kept up to date.</Trans>
      </p>
      <SubscribeLinks feedUrl={calendarFeedUrl({ group: slug })} name={`${name} · Gather`} />
      <a
        href={calendarFeedUrl({ group: slug }, "rss")}
        type="application/rss+xml"
        className="inline-flex items-center gap-2 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <Rss aria-hidden="true" className="size-4" />
        <Trans>New events as RSS</Trans>
      </a>
    </section>
  );
}
