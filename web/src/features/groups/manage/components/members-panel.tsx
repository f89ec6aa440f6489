import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { GroupPerson } from "../api/people";
import type { ManagerRights } from "../api/managed-group";
import { errorMessage } from "@/lib/errors";
import { usePeople } from "../hooks/use-people";
import { MemberDialogs, type MemberDialog } from "./member-dialogs";
import { MemberRow } from "./member-row";
import { MorePeople } from "./more-people";

/** Active members with their role, organizers first, a page at a time, and what I may do to each. */
export function MembersPanel({ groupId, groupName, rights, userId }: { groupId: string; groupName: string; rights: ManagerRights; userId: string }) {
  const { t } = useLingui();
  const { query, people, remaining } = usePeople(groupId, "active");
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  if (query.isPending) return <Spinner label={t`Loading members…`} />;
  if (query.isError) return <Alert tone="error">{errorMessage(query.error)}</Alert>;
  const open = (kind: MemberDialog["kind"]) => (person: GroupPerson) => setDialog({ kind, person });
  return (
    <>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Organizers run everything. Co-organizers run everything but deleting the group and changing organizers. Event
          organizers create and run the group's events.
        </Trans>
      </p>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" aria-label={t`Members of ${groupName}`}>
        {people.map((person) => (
          <MemberRow
            key={person.user_id}
            groupId={groupId}
            person={person}
            rights={rights}
            isMe={person.user_id === userId}
            onTransfer={open("transfer")}
            onRemove={open("remove")}
            onBan={open("ban")}
          />
        ))}
      </ul>
      <MorePeople query={query} remaining={remaining} />
      <MemberDialogs groupId={groupId} groupName={groupName} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
