import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { joinGroup } from "./event-group-api";

/**
 * Joining a group from an event page. Everything under `events` is refetched: joining can open
 * the members-only event itself, its RSVP box and the group's chip.
 */
export function useJoinGroup() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: async (status) => {
      toast.success(status === "pending" ? t`Request sent. The organizers will look at it.` : t`You joined the group.`);
      await queryClient.invalidateQueries({ queryKey: queryRoots.events });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
