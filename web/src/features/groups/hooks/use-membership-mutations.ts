import { t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { groupKeys } from "../api/group-keys";
import type { GroupDetail } from "../api/get-group";
import { joinGroup, leaveGroup } from "../api/membership-api";
import type { MyMembership } from "../api/members-api";

type Snapshot = { membership: MyMembership | null | undefined; group: GroupDetail | null | undefined };

/**
 * Join (or ask to join) and leave (or withdraw the request), with an optimistic update: the
 * button and the member count change at once; on failure both roll back and a toast says the
 * database's words ("You can't join this group."). Realtime then keeps the count exact.
 */
export function useMembershipMutations(group: Pick<GroupDetail, "id" | "slug" | "join_policy" | "name">, userId: string | undefined) {
  const queryClient = useQueryClient();
  const membershipKey = groupKeys.membership(group.id, userId);
  const detailKey = groupKeys.detail(group.slug, userId);

  const snapshot = async (): Promise<Snapshot> => {
    await queryClient.cancelQueries({ queryKey: membershipKey });
    await queryClient.cancelQueries({ queryKey: detailKey });
    return {
      membership: queryClient.getQueryData<MyMembership | null>(membershipKey),
      group: queryClient.getQueryData<GroupDetail | null>(detailKey),
    };
  };
  const shiftCount = (by: number) =>
    queryClient.setQueryData<GroupDetail | null>(detailKey, (old) =>
      old?.group_stats ? { ...old, group_stats: { member_count: Math.max(0, old.group_stats.member_count + by) } } : old,
    );
  const rollback = (error: unknown, _vars: unknown, context: Snapshot | undefined) => {
    if (context) {
      queryClient.setQueryData(membershipKey, context.membership);
      queryClient.setQueryData(detailKey, context.group);
    }
    toast.error(errorMessage(error));
  };
  const settle = () => {
    // Members, events (members-only ones appear), announcements: all of this group's queries.
    void queryClient.invalidateQueries({ queryKey: groupKeys.byId(group.id) });
    void queryClient.invalidateQueries({ queryKey: detailKey });
    // Lists elsewhere (/groups, /me, Discover's "my groups") change on their next visit.
    void queryClient.invalidateQueries({ queryKey: queryRoots.groups, refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: queryRoots.events, refetchType: "none" });
  };

  const join = useMutation({
    mutationFn: () => joinGroup(group.id),
    onMutate: async () => {
      const before = await snapshot();
      const now = new Date().toISOString();
      const status = group.join_policy === "open" ? "active" : "pending";
      queryClient.setQueryData<MyMembership>(membershipKey, { status, role: "member", alerts: "all", created_at: now, joined_at: null });
      if (status === "active") shiftCount(1);
      return before;
    },
    onError: rollback,
    onSuccess: (status) => {
      queryClient.setQueryData<MyMembership | null>(membershipKey, (old) => (old ? { ...old, status } : old));
      const name = group.name;
      toast.success(status === "active" ? t`You're a member of ${name}.` : t`Request sent. The organizers will let you know.`);
    },
    onSettled: settle,
  });

  const leave = useMutation({
    mutationFn: () => leaveGroup(group.id),
    onMutate: async () => {
      const before = await snapshot();
      if (before.membership?.status === "active") shiftCount(-1);
      queryClient.setQueryData(membershipKey, null);
      return before;
    },
    onError: rollback,
    onSuccess: (_data, _vars, context) => {
      toast.success(context?.membership?.status === "pending" ? t`Your request is withdrawn.` : t`You left the group.`);
    },
    onSettled: settle,
  });

  return { join, leave };
}
