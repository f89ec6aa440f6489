import { t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { groupKeys } from "../api/group-keys";
import type { MyMembership } from "../api/members-api";
import { setMyGroupAlerts } from "../api/membership-api";

/** Turns one's own new-event emails for a group on or off, optimistically. */
export function useAlertsToggle(groupId: string, userId: string) {
  const queryClient = useQueryClient();
  const key = groupKeys.membership(groupId, userId);
  return useMutation({
    mutationFn: (alerts: "all" | "none") => setMyGroupAlerts(groupId, userId, alerts),
    onMutate: async (alerts) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MyMembership | null>(key);
      queryClient.setQueryData<MyMembership | null>(key, (old) => (old ? { ...old, alerts } : old));
      return before;
    },
    onError: (error, _alerts, before) => {
      queryClient.setQueryData(key, before);
      toast.error(errorMessage(error));
    },
    onSuccess: (_data, alerts) => {
      toast.success(alerts === "all" ? t`You'll hear about each new event.` : t`No more alerts about new events.`);
    },
  });
}
