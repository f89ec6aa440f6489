import { t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import type { EventDetail } from "../api/get-event";
import { eventKeys } from "../api/event-keys";
import { cancelRsvp, rsvp, type MyRsvp } from "../api/rsvp-api";
import type { StoredValue } from "@/components/questions/answer-form";
import { predictCancel, predictRsvp, waitlistText } from "../rsvp-prediction";

type RsvpInput = { guests: number; answers?: Record<string, StoredValue> };
type Snapshot = { event: EventDetail | null | undefined; mine: MyRsvp | null | undefined };

/**
 * RSVP and cancel with an optimistic update: the panel and counter change at once; on failure
 * both roll back and a toast shows the database's message (e.g. "This event is full.").
 */
export function useRsvpMutations(event: EventDetail, userId: string | undefined) {
  const queryClient = useQueryClient();
  const detailKey = eventKeys.detail(event.slug);
  const mineKey = eventKeys.myRsvp(event.id, userId);

  const snapshot = async (): Promise<Snapshot> => {
    await queryClient.cancelQueries({ queryKey: detailKey });
    await queryClient.cancelQueries({ queryKey: mineKey });
    return {
      event: queryClient.getQueryData<EventDetail | null>(detailKey),
      mine: queryClient.getQueryData<MyRsvp | null>(mineKey),
    };
  };
  const setStats = (stats: EventDetail["event_stats"]) =>
    queryClient.setQueryData<EventDetail | null>(detailKey, (old) => old && { ...old, event_stats: stats });
  const rollback = (error: unknown, _vars: unknown, context: Snapshot | undefined) => {
    if (context) {
      queryClient.setQueryData(detailKey, context.event);
      queryClient.setQueryData(mineKey, context.mine);
    }
    toast.error(errorMessage(error));
  };
  const settle = () => {
    // Discover's counts changed too: mark every events query stale, but refetch none now. This
    // page is kept exact by the RPC's answer and realtime; a refetch of the RSVP row would
    // replace the waitlist place rsvp() returned with the raw arrival number.
    void queryClient.invalidateQueries({ queryKey: queryRoots.events, refetchType: "none" });
  };
  const applyResult = ({ rsvp: mine, spotsLeft }: { rsvp: MyRsvp; spotsLeft: number | null }) => {
    queryClient.setQueryData(mineKey, mine);
    queryClient.setQueryData<EventDetail | null>(detailKey, (old) =>
      old && old.event_stats ? { ...old, event_stats: { ...old.event_stats, spots_left: spotsLeft } } : old,
    );
    // The online link is readable only while going: fetch it now, or drop it.
    if (event.is_online) void queryClient.invalidateQueries({ queryKey: detailKey });
    // The viewer's face joins or leaves "Who's going".
    void queryClient.invalidateQueries({ queryKey: eventKeys.attendees(event.id, userId) });
  };

  const join = useMutation({
    mutationFn: ({ guests, answers }: RsvpInput) => rsvp(event.id, guests, answers),
    onMutate: async ({ guests }) => {
      const before = await snapshot();
      const guess = predictRsvp(event, before.event?.event_stats ?? event.event_stats, guests);
      queryClient.setQueryData(mineKey, guess.rsvp);
      setStats(guess.stats);
      return before;
    },
    onError: rollback,
    onSuccess: (result) => {
      applyResult(result);
      void queryClient.invalidateQueries({ queryKey: eventKeys.myAnswers(event.id, userId) });
      const { status, waitlist_place } = result.rsvp;
      if (status === "waitlisted") toast.success(waitlistText(waitlist_place));
      else if (status === "pending") toast.success(t`Request sent. The hosts will let you know.`);
      else toast.success(t`You're going!`);
    },
    onSettled: settle,
  });

  const cancel = useMutation({
    mutationFn: () => cancelRsvp(event.id),
    onMutate: async () => {
      const before = await snapshot();
      setStats(predictCancel(before.mine ?? null, before.event?.event_stats ?? event.event_stats));
      queryClient.setQueryData(mineKey, null);
      return before;
    },
    onError: rollback,
    onSuccess: (result) => {
      applyResult(result);
      toast.success(t`Your RSVP is cancelled.`);
    },
    onSettled: settle,
  });

  return { join, cancel };
}
