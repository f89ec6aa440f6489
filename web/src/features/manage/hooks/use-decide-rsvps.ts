import { plural } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { decideRsvps, decisionToast, type Decision } from "../api/decide-rsvps";
import type { Guest } from "../api/guest-list";
import { manageKeys } from "../api/manage-keys";

/** Approve or decline pending requests; the list changes at once and realtime confirms it. */
export function useDecideRsvps(eventId: string) {
  const queryClient = useQueryClient();
  const key = manageKeys.guests(eventId);

  return useMutation({
    mutationFn: ({ decisions, approve }: { decisions: Decision[]; approve: boolean }) =>
      decideRsvps(eventId, decisions, approve),
    onSuccess: ({ done, failed }, { approve }) => {
      const status = approve ? "going" : "declined";
      const doneIds = new Set(done.map((d) => d.userId));
      queryClient.setQueryData<Guest[]>(key, (old) =>
        old?.map((g) => (doneIds.has(g.user_id) ? { ...g, status } : g)),
      );
      if (done.length) toast.success(decisionToast(approve, done));
      const first = failed[0];
      if (first) {
        const more = failed.length > 1 ? ` ${plural(failed.length, { one: "(# request was not changed.)", other: "(# requests were not changed.)" })}` : "";
        toast.error(`${first.decision.name}: ${errorMessage(first.error)}${more}`);
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      // Spots left changed on the event page and in Discover.
      void queryClient.invalidateQueries({ queryKey: queryRoots.events, refetchType: "none" });
    },
  });
}
