import { t } from "@lingui/core/macro";
import { errorMessage } from "@/lib/errors";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { checkInGuest, checkInTicket, undoCheckIn, undoTicketCheckIn, type CheckInSuccess } from "../api/check-in";
import type { ManagedEvent } from "../api/get-managed-event";
import type { Guest } from "../api/guest-list";
import { manageKeys } from "../api/manage-keys";
import { failureOutcome, successOutcome, type CheckInOutcome } from "../check-in-outcome";

type Attempt = { kind: "guest"; userId: string; name: string } | { kind: "ticket"; code: string };

/** Checks people in by name or by ticket, and keeps the last outcome for the big result panel. */
export function useCheckIn(event: ManagedEvent) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);

  const mutation = useMutation({
    mutationFn: (attempt: Attempt): Promise<CheckInSuccess> =>
      attempt.kind === "guest" ? checkInGuest(event.id, attempt.userId) : checkInTicket(attempt.code),
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      // Straight into the list; realtime brings the same change to the other checkers.
      queryClient.setQueryData<Guest[]>(manageKeys.guests(event.id), (old) =>
        old?.map((g) => (g.user_id === result.user_id && result.event_id === event.id ? { ...g, checked_in_at: result.checked_in_at } : g)),
      );
      const next = successOutcome(result, event);
      setOutcome(next);
      const name = result.display_name;
      toast.success(t`${name} is checked in.`);
    },
    onError: (error, attempt) => {
      const next = failureOutcome(error, event, attempt.kind === "guest" ? attempt.name : undefined);
      setOutcome(next);
      toast.error(next.detail ?? next.headline);
    },
  });

  // A check-in tapped by mistake is taken back from the same list.
  const undo = useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) => undoCheckIn(event.id, userId),
    onSuccess: (_, { userId, name }) => {
      queryClient.setQueryData<Guest[]>(manageKeys.guests(event.id), (old) =>
        old?.map((g) => (g.user_id === userId ? { ...g, checked_in_at: null } : g)),
      );
      setOutcome(null);
      toast.success(t`${name}'s check-in was undone.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  // A paid ticket is not on the list: its check-in is taken back from the result panel.
  const undoTicket = useMutation({
    mutationFn: ({ ticketId }: { ticketId: string; name: string }) => undoTicketCheckIn(ticketId),
    onSuccess: (_, { name }) => {
      setOutcome(null);
      toast.success(t`${name}'s check-in was undone.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return {
    outcome,
    busy: mutation.isPending || undo.isPending || undoTicket.isPending,
    undoTicketCheckIn: (ticketId: string, name: string) => undoTicket.mutate({ ticketId, name }),
    undoCheckIn: (guest: Guest, name: string) => undo.mutate({ userId: guest.user_id, name }),
    checkInGuest: (guest: Guest, name: string) => mutation.mutate({ kind: "guest", userId: guest.user_id, name }),
    checkInCode: (code: string) => mutation.mutate({ kind: "ticket", code }),
  };
}
