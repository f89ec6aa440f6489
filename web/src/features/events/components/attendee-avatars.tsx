import { plural } from "@lingui/core/macro";
import { Plural, Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { formatNumber } from "@/lib/i18n/format";
import { Skeleton } from "@/components/ui/skeleton";
import { signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { attendeesOptions } from "../api/attendees-api";
import type { EventDetail } from "../api/get-event";

/**
 * The faces of those going (the first twelve, then "+N"). Members see who is going; signed-out
 * visitors only the count, with a way to sign in (row-level security decides either way).
 */
export function AttendeeAvatars({ event }: { event: Pick<EventDetail, "id" | "slug" | "event_stats"> }) {
  const { user, status } = useSession();
  const query = useQuery(attendeesOptions(event.id, user?.id));
  const going = event.event_stats?.going_count ?? 0;
  if (going === 0) return null;

  const attendees = query.data ?? [];
  const more = Math.max(0, going - attendees.length);
  return (
    <section aria-labelledby="attendees-heading" className="flex flex-col gap-3">
      <h2 id="attendees-heading" className="text-base font-semibold">
        <Trans>Who's going</Trans>
      </h2>
      {status === "loading" ? (
        // The session is not known yet: the row's height, so nothing below moves when it is.
        <Skeleton className="h-9 w-40" />
      ) : !user ? (
        // min-h-9: as tall as the faces and the skeleton, so either answer keeps the height.
        <p className="min-h-9 text-sm text-muted-foreground">
          <Plural value={going} one="# person is going." other="# people are going." />{" "}
          <Link to={signInPathFor(`/events/${event.slug}`)} className="font-medium text-brand-700 underline underline-offset-4">
            <Trans>Sign in to see who</Trans>
          </Link>
        </p>
      ) : query.isPending ? (
        <div className="flex -space-x-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="size-9 rounded-full ring-2 ring-background" />
          ))}
        </div>
      ) : (
        <ul className="flex flex-wrap items-center -space-x-2" aria-label={plural(going, { one: "# going", other: "# going" })}>
          {attendees.map((a) => (
            <li key={a.user_id}>
              {a.profile ? (
                <Link to={`/u/${a.profile.username}`} title={a.profile.display_name} className="block rounded-full">
                  <Avatar person={a.profile} labelled className="ring-2 ring-background" />
                </Link>
              ) : (
                <Avatar person={null} labelled className="ring-2 ring-background" />
              )}
            </li>
          ))}
          {more > 0 && (
            <li>
              <span
                className="inline-flex size-9 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground ring-2 ring-background"
                aria-label={plural(more, { one: "and # more", other: "and # more" })}
                role="img"
              >
                +{formatNumber(more)}
              </span>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
