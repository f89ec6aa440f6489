import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Lock, MapPin, Settings, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { categoryLabel } from "@/lib/categories";
import type { GroupDetail } from "../api/get-group";
import { groupCoverImage } from "../api/group-media";
import { GroupLogo } from "./group-logo";

type GroupHeaderProps = {
  group: GroupDetail;
  /** The join/leave control, under the name. */
  action: ReactNode;
  /** Organizers and co-organizers (and admins) get a link to the manage area. */
  canManage: boolean;
  /** Requests waiting, for those who manage (live). */
  pendingCount?: number;
};

/** Cover, logo, name, category, city, visibility and join policy, the live member count and the action. */
export function GroupHeader({ group, action, canManage, pendingCount }: GroupHeaderProps) {
  const { t } = useLingui();
  const cover = group.cover_path ? groupCoverImage(group.cover_path) : null;
  const members = group.group_stats?.member_count ?? 0;
  return (
    <header className="flex flex-col gap-4">
      {cover ? (
        <img
          src={cover.src}
          srcSet={cover.srcSet}
          sizes={cover.sizes}
          alt=""
          width={1200}
          height={630}
          // The page's largest paint: fetch it ahead of below-the-fold images.
          fetchPriority="high"
          className="aspect-[1200/630] max-h-80 w-full rounded-xl bg-muted object-cover"
        />
      ) : (
        <div aria-hidden="true" className="h-32 w-full rounded-xl bg-brand-100" />
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <GroupLogo group={group} className="-mt-14 ms-4 size-24 border-4 border-background sm:-mt-16" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="brand" size="md">
              {categoryLabel(group.category)}
            </Badge>
            {group.visibility === "private" ? (
              <Badge size="md" className="inline-flex items-center gap-1">
                <Lock aria-hidden="true" className="size-3.5" />
                <Trans>Private group</Trans>
              </Badge>
            ) : (
              <Badge size="md">
                <Trans>Public group</Trans>
              </Badge>
            )}
            {group.join_policy === "approval" && (
              <Badge size="md" className="inline-flex items-center gap-1">
                <UserCheck aria-hidden="true" className="size-3.5" />
                <Trans>Organizers approve new members</Trans>
              </Badge>
            )}
          </p>
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{group.name}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              {group.city}
            </span>
            <span className="flex items-center gap-1.5">
              <Users aria-hidden="true" className="size-4" />
              <Plural value={members} one="# member" other="# members" />
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {action}
        {canManage && (
          <Button asChild variant="outline">
            <Link to={`/g/${group.slug}/manage`}>
              <Settings aria-hidden="true" />
              {pendingCount ? (
                <Plural value={pendingCount} one="Manage group (# request)" other="Manage group (# requests)" />
              ) : (
                t`Manage group`
              )}
            </Link>
          </Button>
        )}
      </div>
    </header>
  );
}
