import { plural, t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { adminKeys, announceCommentHidden, hideContent, resolveReport, suspendUser, type QueueItem } from "../api/admin-api";


function hiddenToast(type: QueueItem["target_type"], hidden: boolean): string {
  if (type === "event") return hidden ? t`The event is hidden.` : t`The event is visible again.`;
  if (type === "group") return hidden ? t`The group is hidden.` : t`The group is visible again.`;
  if (type === "photo") return hidden ? t`The photo is hidden.` : t`The photo is visible again.`;
  return hidden ? t`The comment is hidden.` : t`The comment is visible again.`;
}

/** The admin's actions on a queue item; each refreshes the queue and the audit trail. */
export function useModeration() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: queryRoots.admin });
    // Hidden content and suspended authors change what event pages show.
    void queryClient.invalidateQueries({ queryKey: queryRoots.events, refetchType: "none" });
  };
  const fail = (error: unknown) => toast.error(errorMessage(error));

  const hide = useMutation({
    mutationFn: ({ item, hidden }: { item: QueueItem; hidden: boolean }) => hideContent(item, hidden),
    onMutate: ({ item, hidden }) => {
      queryClient.setQueryData<QueueItem[]>(adminKeys.queue, (old) =>
        old?.map((q) => (q.report_id === item.report_id ? { ...q, hidden } : q)),
      );
    },
    onSuccess: (_, { item, hidden }) => {
      toast.success(hiddenToast(item.target_type, hidden));
      // A hint only: if it fails, viewers still lose the comment on their next load.
      if (hidden && item.target_type === "comment" && item.event_id) {
        announceCommentHidden(item.event_id, item.target_id).catch(() => {});
      }
    },
    onError: fail,
    onSettled: settle,
  });

  const resolve = useMutation({
    mutationFn: ({ item, status }: { item: QueueItem; status: "resolved" | "dismissed" }) => resolveReport(item.report_id, status),
    onSuccess: (_, { item, status }) => {
      queryClient.setQueryData<QueueItem[]>(adminKeys.queue, (old) => old?.filter((q) => q.report_id !== item.report_id));
      const n = item.report_count;
      toast.success(
        status === "resolved"
          ? plural(n, { one: "Resolved the report.", other: "Resolved # reports." })
          : plural(n, { one: "Dismissed the report.", other: "Dismissed # reports." }),
      );
    },
    onError: fail,
    onSettled: settle,
  });

  const suspend = useMutation({
    mutationFn: ({ userId, suspended, reason }: { userId: string; name: string; suspended: boolean; reason: string | null }) =>
      suspendUser(userId, suspended, reason),
    onSuccess: (_, { userId, name, suspended }) => {
      queryClient.setQueryData<QueueItem[]>(adminKeys.queue, (old) =>
        old?.map((q) => (q.author_id === userId ? { ...q, author_suspended: suspended } : q)),
      );
      toast.success(suspended ? t`${name} is suspended.` : t`${name} can use Gather again.`);
    },
    onError: fail,
    onSettled: settle,
  });

  return { hide, resolve, suspend };
}
