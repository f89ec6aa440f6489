import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { removeMember, setBanned, transferGroup } from "../api/manage-actions";
import type { GroupPerson } from "../api/people";
import { useManageAction } from "../hooks/use-manage-action";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { personName } from "./person-cell";

export type MemberDialog = { kind: "transfer" | "remove" | "ban"; person: GroupPerson };

/** The ban reason's limit (ban_group_member's invalid_reason). */
export const REASON_MAX = 1000;

/** The questions before handing over, removing and banning. */
export function MemberDialogs({ groupId, groupName, dialog, onClose }: { groupId: string; groupName: string; dialog: MemberDialog | null; onClose: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const person = dialog?.person;
  const name = person ? personName(person, t`Former member`) : "";
  const done = { onSuccess: () => { setReason(""); onClose(); } };
  const transfer = useManageAction((userId: string) => transferGroup(groupId, userId), () => t`${name} now organizes ${groupName}. You are a co-organizer.`);
  const remove = useManageAction((userId: string) => removeMember(groupId, userId), () => t`${name} was removed from the group.`);
  const ban = useManageAction((userId: string) => setBanned(groupId, userId, true, reason), () => t`${name} is banned from the group.`);
  const reasonTooLong = reason.trim().length > REASON_MAX;
  const openChange = (open: boolean) => !open && onClose();
  return (
    <>
      <ConfirmDialog
        open={dialog?.kind === "transfer"}
        onOpenChange={openChange}
        title={t`Hand ${groupName} over to ${name}?`}
        description={t`${name} becomes an organizer and you become a co-organizer: you can no longer delete the group or change its organizers.`}
        confirmLabel={t`Hand over`}
        busy={transfer.isPending}
        onConfirm={() => person && transfer.mutate(person.user_id, done)}
      />
      <ConfirmDialog
        open={dialog?.kind === "remove"}
        onOpenChange={openChange}
        title={t`Remove ${name} from the group?`}
        description={t`Their RSVPs to the group's members-only events are cancelled. They can join again; to keep them out, ban them instead.`}
        confirmLabel={t`Remove`}
        busy={remove.isPending}
        onConfirm={() => person && remove.mutate(person.user_id, done)}
      />
      <ConfirmDialog
        open={dialog?.kind === "ban"}
        onOpenChange={openChange}
        title={t`Ban ${name} from the group?`}
        description={t`They leave the group, their RSVPs to its upcoming events are cancelled, and they cannot join or RSVP again until the ban is lifted.`}
        confirmLabel={t`Ban`}
        busy={ban.isPending}
        onConfirm={() => person && !reasonTooLong && ban.mutate(person.user_id, done)}
      >
        <FormField
          label={t`Reason (optional)`}
          hint={t`Kept in the moderation log; not shown to them.`}
          error={reasonTooLong ? t`The reason can be at most 1,000 characters long.` : undefined}
        >
          <Textarea value={reason} maxLength={REASON_MAX + 100} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      </ConfirmDialog>
    </>
  );
}
