import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "sonner";
import { PAGE_DATA_KEYS } from "@shared/page-contract";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";

/**
 * A write of the ticket setup: the database's refusal as a toast, its list and the event page
 * (which shows the types and prices) refreshed after a success.
 */
export function useSetupWrite<T>(run: (change: T) => Promise<unknown>, keys: QueryKey[], slug: string, done: (change: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_result, change) => {
      toast.success(done(change));
      await Promise.all([...keys, PAGE_DATA_KEYS.event(slug)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
}
