import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CalendarDays, Lock, MapPin, Navigation, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { categoryLabel } from "@/lib/categories";
import { formatEventStart } from "@/lib/datetime";
import { formatDistance } from "@/lib/i18n/format";
import { groupCardCoverImage } from "../api/group-media";
import type { GroupCardData } from "../api/search-groups";
import { GroupLogo } from "./group-logo";

/** One group on /groups: cover, logo, name, city, members, next event, where I stand. */
export function GroupCard({ group }: { group: GroupCardData }) {
  const { t } = useLingui();
  const cover = group.cover_path ? groupCardCoverImage(group.cover_path) : null;
  const distance = group.distance_km != null ? formatDistance(group.distance_km) : null;
  const members = group.member_count;
  return (
    // The name's link covers the whole card (after:absolute), so it is one tab stop.
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {cover ? (
        <img
          src={cover.src}
          srcSet={cover.srcSet}
          sizes={cover.sizes}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          decoding="async"
          className="aspect-[1200/630] w-full bg-muted object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[1200/630] w-full bg-brand-100" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start gap-3">
          <GroupLogo group={group} className="-mt-12 size-14 border-4 border-card" />
          <h2 className="min-w-0 flex-1 text-lg font-semibold leading-snug">
            <Link to={`/g/${group.slug}`} className="after:absolute after:inset-0 focus:outline-none">
              {group.name}
            </Link>
          </h2>
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{group.city}</span>
          {distance && (
            <span className="flex shrink-0 items-center gap-1">
              <Navigation aria-hidden="true" className="size-3.5" />
              {t`${distance} away`}
            </span>
          )}
        </p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          {group.next_event_id && group.next_event_starts_at && group.next_event_timezone ? (
            <span className="min-w-0 truncate">
              <Trans>
                Next: <time dateTime={group.next_event_starts_at}>{formatEventStart(group.next_event_starts_at, group.next_event_timezone)}</time>
              </Trans>
            </span>
          ) : (
            <Trans>No upcoming events</Trans>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{categoryLabel(group.category)}</Badge>
            {group.visibility === "private" && (
              <Badge className="inline-flex items-center gap-1">
                <Lock aria-hidden="true" className="size-3" />
                <Trans>Private</Trans>
              </Badge>
            )}
            {group.my_status === "active" && <Badge tone="success">{t({ message: "Member", comment: "Badge: the viewer is a member of this group" })}</Badge>}
            {group.my_status === "pending" && <Badge tone="warning">{t({ message: "Requested", comment: "Badge: the viewer asked to join" })}</Badge>}
          </span>
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <Users aria-hidden="true" className="size-4" />
            <Plural value={members} one="# member" other="# members" />
          </span>
        </div>
      </div>
    </article>
  );
}
