import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { queryRoots } from "@/lib/query-keys";
import { errorMessage } from "@/lib/errors";

/**
 * One manage action: runs it, says what happened, and refetches everything about groups (the
 * lists here, the counts, the group page) — and the event lists, which a removal or ban changes.
 */
export function useManageAction<A>(action: (args: A) => Promise<unknown>, success: (args: A) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (_data, args) => {
      toast.success(success(args));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.groups }),
        queryClient.invalidateQueries({ queryKey: queryRoots.events }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
