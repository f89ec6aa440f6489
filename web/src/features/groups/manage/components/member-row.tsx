import { useLingui } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { setMemberRole } from "../api/manage-actions";
import type { GroupRole, ManagerRights } from "../api/managed-group";
import type { GroupPerson } from "../api/people";
import { formatDay } from "../format";
import { useManageAction } from "../hooks/use-manage-action";
import { PersonCell, personName } from "./person-cell";
import { assignableRoles, ROLE_LABEL } from "./role-labels";

type MemberRowProps = {
  groupId: string;
  person: GroupPerson;
  rights: ManagerRights;
  isMe: boolean;
  onTransfer: (person: GroupPerson) => void;
  onRemove: (person: GroupPerson) => void;
  onBan: (person: GroupPerson) => void;
};

/** One member: their role (a select where I may change it), hand over, remove and ban. */
export function MemberRow({ groupId, person, rights, isMe, onTransfer, onRemove, onBan }: MemberRowProps) {
  const { t } = useLingui();
  const name = personName(person, t`Former member`);
  const setRole = useManageAction(
    (role: GroupRole) => setMemberRole(groupId, person.user_id, role),
    (role) => {
      const label = t(ROLE_LABEL[role]);
      return t`${name} is now: ${label}.`;
    },
  );
  const roles = isMe ? null : assignableRoles(person.role, rights.organizer);
  // An organizer's row is for organizers only; nobody removes or bans themselves here.
  const canAct = !isMe && (person.role !== "organizer" || rights.organizer);
  const joined = person.joined_at ? formatDay(person.joined_at) : null;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <PersonCell person={person} detail={isMe ? t`You` : joined ? t`Joined on ${joined}` : undefined} />
      {roles ? (
        <Select
          aria-label={t`Role of ${name}`}
          className="h-9 w-auto"
          value={person.role}
          disabled={setRole.isPending}
          onChange={(e) => setRole.mutate(e.target.value as GroupRole)}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABEL[role])}
            </option>
          ))}
        </Select>
      ) : (
        <Badge tone={person.role === "member" ? "neutral" : "brand"}>{t(ROLE_LABEL[person.role])}</Badge>
      )}
      {canAct && (
        <div className="flex flex-wrap gap-2">
          {rights.organizer && person.role !== "organizer" && (
            <Button size="sm" variant="outline" aria-label={t`Hand over to ${name}`} onClick={() => onTransfer(person)}>
              {t`Hand over`}
            </Button>
          )}
          <Button size="sm" variant="outline" aria-label={t`Remove ${name}`} onClick={() => onRemove(person)}>
            {t`Remove`}
          </Button>
          <Button size="sm" variant="outline" className="text-red-700" aria-label={t`Ban ${name}`} onClick={() => onBan(person)}>
            {t`Ban`}
          </Button>
        </div>
      )}
    </li>
  );
}
