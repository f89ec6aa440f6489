import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import type { GroupRole } from "../api/get-group";
import { MEMBERS_SHOWN, membersOptions, organizersOptions, type GroupMember } from "../api/members-api";

function RoleLabel({ role }: { role: GroupRole }) {
  const { t } = useLingui();
  if (role === "organizer") return <>{t({ message: "Organizer", comment: "A group role" })}</>;
  if (role === "co_organizer") return <>{t({ message: "Co-organizer", comment: "A group role" })}</>;
  if (role === "event_organizer") return <>{t({ message: "Event organizer", comment: "A group role" })}</>;
  return <>{t({ message: "Member", comment: "A group role" })}</>;
}

function Person({ member }: { member: GroupMember }) {
  const { t } = useLingui();
  const name = member.profile?.display_name ?? t`Former member`;
  return (
    <li className="flex items-center gap-3">
      <Avatar person={member.profile} />
      <div className="flex min-w-0 flex-col">
        {member.profile ? (
          <Link to={`/u/${member.profile.username}`} className="truncate font-medium underline-offset-4 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="truncate font-medium">{name}</span>
        )}
        <span className="text-sm text-muted-foreground">
          <RoleLabel role={member.role} />
        </span>
      </div>
    </li>
  );
}

type GroupPeopleProps = { groupId: string; userId: string | undefined; memberCount: number; canSeeMembers: boolean };

/** Organizers (always public), then the members' faces and the live count. */
export function GroupPeople({ groupId, userId, memberCount, canSeeMembers }: GroupPeopleProps) {
  const { t } = useLingui();
  const organizers = useQuery(organizersOptions(groupId, userId));
  const members = useQuery({ ...membersOptions(groupId, userId), enabled: canSeeMembers });
  const shown = members.data ?? [];
  const more = Math.max(0, memberCount - shown.length);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="group-organizers" className="flex flex-col gap-3">
        <h2 id="group-organizers" className="text-lg font-semibold">
          <Trans>Organizers</Trans>
        </h2>
        {organizers.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : organizers.isError ? (
          <p className="text-sm text-red-700">{errorMessage(organizers.error)}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {organizers.data.map((m) => (
              <Person key={m.user_id} member={m} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="group-members" className="flex flex-col gap-3">
        <h2 id="group-members" className="text-lg font-semibold">
          <Trans>Members</Trans>{" "}
          <span className="font-normal text-muted-foreground">
            {/* Live: the count follows group_stats (useLiveGroup). */}
            (<span data-testid="member-count" aria-live="polite"><Plural value={memberCount} one="# member" other="# members" /></span>)
          </span>
        </h2>
        {!canSeeMembers ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Only members see who else is in this private group.</Trans>
          </p>
        ) : members.isPending ? (
          <Skeleton className="h-9 w-64" />
        ) : members.isError ? (
          <p className="text-sm text-red-700">{errorMessage(members.error)}</p>
        ) : (
          <ul aria-label={t`Newest members`} className="flex flex-wrap items-center gap-2">
            {shown.map((m) => (
              <li key={m.user_id}>
                {m.profile ? (
                  <Link to={`/u/${m.profile.username}`} className="block rounded-full" title={m.profile.display_name}>
                    <Avatar person={m.profile} labelled />
                  </Link>
                ) : (
                  <Avatar person={null} labelled />
                )}
              </li>
            ))}
            {more > 0 && shown.length >= MEMBERS_SHOWN && (
              <li className="text-sm text-muted-foreground">
                <Plural value={more} one="and # more" other="and # more" />
              </li>
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
