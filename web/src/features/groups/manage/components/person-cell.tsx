import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import type { GroupPerson } from "../api/people";

/** Avatar, name (to their profile) and a line under it. A deleted account is "Former member". */
export function PersonCell({ person, detail }: { person: GroupPerson; detail?: ReactNode }) {
  const { t } = useLingui();
  const profile = person.profile;
  return (
    <div className="flex min-w-0 flex-1 basis-full items-center gap-3 sm:basis-0">
      <Avatar person={profile} />
      <div className="flex min-w-0 flex-col">
        {profile ? (
          <Link to={`/u/${profile.username}`} className="truncate font-medium underline-offset-4 hover:underline">
            {profile.display_name}
          </Link>
        ) : (
          <span className="truncate font-medium">{t`Former member`}</span>
        )}
        {detail && <span className="truncate text-sm text-muted-foreground">{detail}</span>}
      </div>
    </div>
  );
}

/** The person's name for sentences ("Ban Ana?"). */
export function personName(person: GroupPerson, formerMember: string): string {
  return person.profile?.display_name ?? formerMember;
}
