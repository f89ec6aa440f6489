import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Tabs } from "radix-ui";
import { Link, useSearchParams } from "react-router";
import { CompactEventList } from "@/components/events/compact-event-list";
import { DraftBadge } from "@/components/events/draft-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { MyEventGroups } from "../api/group-my-events";
import { MyEventsEmpty, type MyEventsTab } from "./my-events-empty";
import { WaitlistBadge } from "./waitlist-badge";

const TABS: { id: MyEventsTab; label: MessageDescriptor }[] = [
  { id: "hosting", label: msg({ message: "Hosting", comment: "A tab of /me: events I host" }) },
  { id: "going", label: msg({ message: "Going", comment: "A tab of /me: events I'm going to" }) },
  { id: "waitlisted", label: msg({ message: "Waitlisted", comment: "A tab of /me" }) },
  { id: "pending", label: msg({ message: "Pending", comment: "A tab of /me: my RSVP requests" }) },
  { id: "past", label: msg({ message: "Past", comment: "A tab of /me: past events" }) },
];

const isTab = (v: string | null): v is MyEventsTab => TABS.some((tab) => tab.id === v);

/** The tabs of /me; the open one is in the URL (?tab=going) so it survives reloads and links. */
export function MyEventsTabs({ groups, userId }: { groups: MyEventGroups; userId: string }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  // Default: the first tab with something in it, so the page opens on what matters.
  const fallback = TABS.find((tab) => groups[tab.id].length > 0)?.id ?? "going";
  const tab = isTab(requested) ? requested : fallback;
  const select = (value: string) =>
    setParams((p) => {
      p.set("tab", value);
      return p;
    }, { replace: true });

  return (
    <Tabs.Root value={tab} onValueChange={select} className="flex flex-col gap-4">
      {/* The open tab's name as the level under the page's h1: the events' titles are h3s. */}
      <h2 className="sr-only">{t(TABS.find((x) => x.id === tab)!.label)}</h2>
      <Tabs.List aria-label={t`My events`} className="flex flex-wrap gap-1 border-b border-border">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab.id}
            value={tab.id}
            className="-mb-px inline-flex h-10 items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
          >
            {t(tab.label)}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground">{groups[tab.id].length}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <Tabs.Content value="hosting" className="focus-visible:outline-none">
        {groups.hosting.length ? (
          <CompactEventList
            label={t`Events you host`}
            series="collapse"
            items={groups.hosting.map(({ event, role }) => {
              const title = event.title;
              return {
              event,
              badges: (
                <>
                  {event.status === "draft" && <DraftBadge />}
                  {event.status === "cancelled" && <CancelledBadge />}
                  {event.visibility !== "public" && <Badge>{visibilityLabel(event.visibility)}</Badge>}
                  {role === "cohost" && <Badge tone="brand"><Trans>Co-host</Trans></Badge>}
                </>
              ),
              // A draft still needs writing and publishing; a published event needs managing.
              actions: (
                <Button asChild variant="outline" size="sm">
                  {event.status === "draft" ? (
                    <Link to={`/events/${event.slug}/edit`} aria-label={t`Edit ${title}`}>
                      <Trans>Edit</Trans>
                    </Link>
                  ) : (
                    <Link to={`/events/${event.slug}/manage`} aria-label={t`Manage ${title}`}>
                      <Trans>Manage</Trans>
                    </Link>
                  )}
                </Button>
              ),
              };
            })}
          />
        ) : (
          <MyEventsEmpty tab="hosting" />
        )}
      </Tabs.Content>

      <Tabs.Content value="going" className="focus-visible:outline-none">
        {groups.going.length ? (
          <CompactEventList
            label={t`Events you're going to`}
            series="collapse"
            items={groups.going.map(({ event, guests }) => ({
              event,
              badges: (
                <>
                  {event.status === "cancelled" ? <CancelledBadge /> : <Badge tone="success"><Trans comment="My RSVP's status">Going</Trans></Badge>}
                  {guests > 0 && <Badge>{plural(guests, { one: "+# guest", other: "+# guests" })}</Badge>}
                </>
              ),
            }))}
          />
        ) : (
          <MyEventsEmpty tab="going" />
        )}
      </Tabs.Content>

      <Tabs.Content value="waitlisted" className="focus-visible:outline-none">
        {groups.waitlisted.length ? (
          <CompactEventList
            label={t`Events you're waitlisted for`}
            items={groups.waitlisted.map(({ event }) => ({
              event,
              badges:
                event.status === "cancelled" ? <CancelledBadge /> : <WaitlistBadge eventId={event.id} userId={userId} />,
            }))}
          />
        ) : (
          <MyEventsEmpty tab="waitlisted" />
        )}
      </Tabs.Content>

      <Tabs.Content value="pending" className="focus-visible:outline-none">
        {groups.pending.length ? (
          <CompactEventList
            label={t`Requests waiting for approval`}
            items={groups.pending.map(({ event }) => ({
              event,
              badges: event.status === "cancelled" ? <CancelledBadge /> : <Badge tone="warning"><Trans>Awaiting approval</Trans></Badge>,
            }))}
          />
        ) : (
          <MyEventsEmpty tab="pending" />
        )}
      </Tabs.Content>

      <Tabs.Content value="past" className="focus-visible:outline-none">
        {groups.past.length ? (
          <CompactEventList
            label={t`Past events`}
            items={groups.past.map((entry) => ({
              event: entry.event,
              badges:
                entry.event.status === "cancelled" ? (
                  <CancelledBadge />
                ) : entry.kind === "hosted" ? (
                  <Badge tone="brand">{entry.role === "cohost" ? <Trans>Co-hosted</Trans> : <Trans>Hosted</Trans>}</Badge>
                ) : (
                  <Badge tone="success">{entry.checkedIn ? <Trans>Checked in</Trans> : <Trans>Went</Trans>}</Badge>
                ),
            }))}
          />
        ) : (
          <MyEventsEmpty tab="past" />
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

function CancelledBadge() {
  return (
    <Badge tone="danger">
      <Trans comment="An event's status">Cancelled</Trans>
    </Badge>
  );
}

function visibilityLabel(visibility: string): string {
  switch (visibility) {
    case "private": return t({ message: "Private", comment: "An event's visibility" });
    case "members": return t({ message: "Members only", comment: "An event's visibility" });
    default: return t({ message: "Unlisted", comment: "An event's visibility" });
  }
}
