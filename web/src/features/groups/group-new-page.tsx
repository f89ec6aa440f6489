import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { RequireAuth } from "@/lib/auth/require-auth";
import { queryRoots } from "@/lib/query-keys";
import { usePageTitle } from "@/lib/use-page-title";
import { GroupForm } from "./form/group-form";
import { NEW_GROUP_VALUES } from "./form/group-form-schema";

/** /groups/new — start a group; the creator becomes its first organizer (decision 0100). */
export function GroupNewPage() {
  const { t } = useLingui();
  usePageTitle(t`Start a group`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <RequireAuth>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>Start a group</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>A home for people who want to meet again: you'll be its organizer, and its events will reach every member.</Trans>
          </p>
        </div>
        <GroupForm
          initial={NEW_GROUP_VALUES}
          submitLabel={t`Create group`}
          onSaved={(group) => {
            void queryClient.invalidateQueries({ queryKey: queryRoots.groups });
            const name = group.name;
            toast.success(t`${name} is ready. Invite people to join.`);
            void navigate(`/g/${group.slug}`);
          }}
        />
      </div>
    </RequireAuth>
  );
}
