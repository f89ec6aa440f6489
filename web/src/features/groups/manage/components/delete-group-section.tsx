import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { queryRoots } from "@/lib/query-keys";
import { deleteGroup } from "../api/manage-actions";
import { errorMessage } from "@/lib/errors";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Organizers only. Refused while an upcoming event has people going, waiting or asking
 * (group_has_upcoming_events): the page says which and what to do.
 */
export function DeleteGroupSection({ groupId, groupName }: { groupId: string; groupName: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteGroup(groupId),
    onSuccess: async () => {
      toast.success(t`${groupName} was deleted.`);
      queryClient.removeQueries({ queryKey: queryRoots.groups });
      await queryClient.invalidateQueries({ queryKey: queryRoots.events });
      void navigate("/groups", { replace: true });
    },
    onSettled: () => setOpen(false),
  });
  return (
    <section aria-labelledby="delete-group-heading" className="flex flex-col gap-3 rounded-xl border border-red-300 p-4">
      <h2 id="delete-group-heading" className="text-lg font-semibold text-red-800">
        <Trans>Delete the group</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Deleting removes the group, its members, announcements and events for good. It is possible only while no upcoming event
          has people going, waiting or asking: cancel those first, which tells everyone.
        </Trans>
      </p>
      {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      <Button variant="outline" className="self-start text-red-700" onClick={() => setOpen(true)}>
        <Trans>Delete group…</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Delete ${groupName}?`}
        description={t`This cannot be undone.`}
        confirmLabel={t`Delete group`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </section>
  );
}
