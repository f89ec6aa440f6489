import { plural } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useSession } from "@/lib/auth/session-context";
import type { EventDetail } from "../api/get-event";
import { eventGroupOptions } from "./event-group-api";
import { GroupLogo } from "./group-logo";
import { JoinGroupButton } from "./join-group-button";

/** The group an event belongs to: logo, name (to /g/:slug), members, and a join button for outsiders. */
export function EventGroupChip({ event }: { event: Pick<EventDetail, "group_id" | "slug" | "visibility"> }) {
  const { user } = useSession();
  const query = useQuery({ ...eventGroupOptions(event.group_id ?? "", user?.id), enabled: Boolean(event.group_id) });
  const group = query.data;
  if (event.group_id && query.isPending) return <GroupChipPlaceholder />;
  if (!event.group_id || !group) return null;
  const count = group.member_count;
  return (
    <section aria-label={group.name} className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3">
      <GroupLogo name={group.name} path={group.logo_path} />
      {/* A basis, so a long button (a longer language) wraps below instead of squeezing the name to a column. */}
      <div className="flex min-w-0 flex-1 basis-32 flex-col">
        <span className="text-xs text-muted-foreground">
          <Trans>A group event</Trans>
        </span>
        <Link to={`/g/${group.slug}`} className="truncate font-semibold text-brand-700 underline-offset-4 hover:underline">
          {group.name}
        </Link>
        {count !== null && (
          <span className="text-xs text-muted-foreground">{plural(count, { one: "# member", other: "# members" })}</span>
        )}
      </div>
      <JoinGroupButton
        groupId={group.id}
        joinPolicy={group.join_policy}
        myStatus={group.my_status}
        signedIn={Boolean(user)}
        returnTo={`/events/${event.slug}`}
      />
    </section>
  );
}

/**
 * The chip's box while its group loads (logo and the three lines' heights), so the RSVP panel
 * below it does not jump down by the chip's height when it arrives (a layout shift on phones).
 */
function GroupChipPlaceholder() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3 rounded-xl border border-border bg-card p-3">
      <Skeleton className="size-10 shrink-0 rounded-lg" />
      <div className="flex flex-1 flex-col">
        <span className="text-xs">&nbsp;</span>
        <Skeleton className="h-6 w-2/3" />
        <span className="text-xs">&nbsp;</span>
      </div>
    </div>
  );
}

/** "Members only" beside the category, for a members-only event. */
export function MembersOnlyBadge() {
  return (
    <Badge tone="warning" size="md">
      <Trans>Members only</Trans>
    </Badge>
  );
}
