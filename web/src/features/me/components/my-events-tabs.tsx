import { Tabs } from "radix-ui";
import { Link, useSearchParams } from "react-router";
import { CompactEventList } from "@/components/events/compact-event-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { MyEventGroups } from "../api/group-my-events";
import { MyEventsEmpty, type MyEventsTab } from "./my-events-empty";
import { WaitlistBadge } from "./waitlist-badge";

const TABS: { id: MyEventsTab; label: string }[] = [
  { id: "hosting", label: "Hosting" },
  { id: "going", label: "Going" },
  { id: "waitlisted", label: "Waitlisted" },
  { id: "pending", label: "Pending" },
  { id: "past", label: "Past" },
];

const isTab = (v: string | null): v is MyEventsTab => TABS.some((t) => t.id === v);

/** The tabs of /me; the open one is in the URL (?tab=going) so it survives reloads and links. */
export function MyEventsTabs({ groups, userId }: { groups: MyEventGroups; userId: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  // Default: the first tab with something in it, so the page opens on what matters.
  const fallback = TABS.find((t) => groups[t.id].length > 0)?.id ?? "going";
  const tab = isTab(requested) ? requested : fallback;
  const select = (value: string) =>
    setParams((p) => {
      p.set("tab", value);
      return p;
    }, { replace: true });

  return (
    <Tabs.Root value={tab} onValueChange={select} className="flex flex-col gap-4">
      <Tabs.List aria-label="My events" className="flex flex-wrap gap-1 border-b border-border">
        {TABS.map((t) => (
          <Tabs.Trigger
            key={t.id}
            value={t.id}
            className="-mb-px inline-flex h-10 items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:border-brand-700 data-[state=active]:text-brand-700"
          >
            {t.label}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground">{groups[t.id].length}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      <Tabs.Content value="hosting" className="focus-visible:outline-none">
        {groups.hosting.length ? (
          <CompactEventList
            label="Events you host"
            items={groups.hosting.map(({ event, role }) => ({
              event,
              badges: (
                <>
                  {event.status === "draft" && <Badge>Draft</Badge>}
                  {event.status === "cancelled" && <Badge tone="danger">Cancelled</Badge>}
                  {event.visibility !== "public" && <Badge>{event.visibility === "private" ? "Private" : "Unlisted"}</Badge>}
                  {role === "cohost" && <Badge tone="brand">Co-host</Badge>}
                </>
              ),
              // A draft still needs writing and publishing; a published event needs managing.
              actions: (
                <Button asChild variant="outline" size="sm">
                  {event.status === "draft" ? (
                    <Link to={`/events/${event.slug}/edit`} aria-label={`Edit ${event.title}`}>
                      Edit
                    </Link>
                  ) : (
                    <Link to={`/events/${event.slug}/manage`} aria-label={`Manage ${event.title}`}>
                      Manage
                    </Link>
                  )}
                </Button>
              ),
            }))}
          />
        ) : (
          <MyEventsEmpty tab="hosting" />
        )}
      </Tabs.Content>

      <Tabs.Content value="going" className="focus-visible:outline-none">
        {groups.going.length ? (
          <CompactEventList
            label="Events you're going to"
            items={groups.going.map(({ event, guests }) => ({
              event,
              badges: (
                <>
                  {event.status === "cancelled" ? <Badge tone="danger">Cancelled</Badge> : <Badge tone="success">Going</Badge>}
                  {guests > 0 && <Badge>+{guests} {guests === 1 ? "guest" : "guests"}</Badge>}
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
            label="Events you're waitlisted for"
            items={groups.waitlisted.map(({ event }) => ({
              event,
              badges:
                event.status === "cancelled" ? <Badge tone="danger">Cancelled</Badge> : <WaitlistBadge eventId={event.id} userId={userId} />,
            }))}
          />
        ) : (
          <MyEventsEmpty tab="waitlisted" />
        )}
      </Tabs.Content>

      <Tabs.Content value="pending" className="focus-visible:outline-none">
        {groups.pending.length ? (
          <CompactEventList
            label="Requests waiting for approval"
            items={groups.pending.map(({ event }) => ({
              event,
              badges: event.status === "cancelled" ? <Badge tone="danger">Cancelled</Badge> : <Badge tone="warning">Awaiting approval</Badge>,
            }))}
          />
        ) : (
          <MyEventsEmpty tab="pending" />
        )}
      </Tabs.Content>

      <Tabs.Content value="past" className="focus-visible:outline-none">
        {groups.past.length ? (
          <CompactEventList
            label="Past events"
            items={groups.past.map((entry) => ({
              event: entry.event,
              badges:
                entry.event.status === "cancelled" ? (
                  <Badge tone="danger">Cancelled</Badge>
                ) : entry.kind === "hosted" ? (
                  <Badge tone="brand">{entry.role === "cohost" ? "Co-hosted" : "Hosted"}</Badge>
                ) : (
                  <Badge tone="success">{entry.checkedIn ? "Checked in" : "Went"}</Badge>
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
