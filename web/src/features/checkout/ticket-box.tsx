import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { toast } from "sonner";
import { PAGE_DATA_KEYS } from "@shared/page-contract";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { errorCode } from "@/lib/errors";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { checkoutKeys } from "./api/checkout-keys";
import { getMyWaitlistEntry, getTicketQuestions, joinTicketWaitlist, leaveTicketWaitlist, startCheckout } from "./api/checkout-api";
import { saleState, seatsLeft } from "./availability";
import { CartSummary } from "./components/cart-summary";
import { CheckoutQuestions } from "./components/checkout-questions";
import { CodeField } from "./components/code-field";
import { promoText } from "./components/promo-text";
import { TicketTypeRow } from "./components/ticket-type-row";
import { JoinWaitlist, WaitlistStatus } from "./components/waitlist-controls";
import { useCancelledReturn } from "./hooks/use-cancelled-return";
import { useLiveTicketTypes } from "./hooks/use-live-ticket-types";
import { useTicketCart } from "./hooks/use-ticket-cart";
import type { TicketBoxEvent } from "./ticket-box-event";

/**
 * The event page's "Tickets" box for an event that sells them (the checkout feature's entry,
 * loaded lazily with its catalogue by the event page; decision 0290): pick quantities, unlock
 * hidden types, apply a promo code, answer the questions, then Stripe's hosted Checkout.
 */
export default function TicketBox({ event }: { event: TicketBoxEvent }) {
  const { t } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
  useLiveTicketTypes(event.id, event.slug);
  const returned = useCancelledReturn(Boolean(user));
  const questions = useQuery({ queryKey: checkoutKeys.questions(event.id), queryFn: () => getTicketQuestions(event.id) });
  const waitlistKey = checkoutKeys.waitlist(event.id, user?.id);
  const waitlist = useQuery({ queryKey: waitlistKey, queryFn: () => getMyWaitlistEntry(event.id, user!.id), enabled: Boolean(user) });
  const visible = [...event.ticket_types].filter((type) => !type.hidden).sort((a, b) => a.sort_order - b.sort_order);
  const cart = useTicketCart(event.id, event.currency, visible, questions.data ?? []);
  const entry = waitlist.data ?? null;
  const offer = entry && (entry.status === "offered" || entry.status === "claimed") ? entry : null;

  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      toast.error(paymentErrorMessage(error));
      // The counts were behind: show what is really left.
      if (errorCode(error) === "sold_out") void queryClient.invalidateQueries({ queryKey: PAGE_DATA_KEYS.event(event.slug) });
    },
  });
  const waitlistChange = useMutation({
    mutationFn: (change: { join: { typeId: string; quantity: number } } | { leave: true }) =>
      "join" in change ? joinTicketWaitlist(change.join.typeId, change.join.quantity) : leaveTicketWaitlist(event.id),
    onSuccess: (_data, change) => {
      toast.success("join" in change ? t`You're on the waitlist. We'll tell you when seats free up.` : t`You left the waitlist.`);
      void queryClient.invalidateQueries({ queryKey: waitlistKey });
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });

  const busy = checkout.isPending || checkout.isSuccess;
  const now = new Date();
  const ended = now >= new Date(event.ends_at);
  const hasHidden = event.ticket_types.length > visible.length || cart.access !== null;

  const submit = () => {
    const body = cart.request();
    if (!body) {
      toast.error(t`Some answers need a look. The problems are shown beside them.`);
      return;
    }
    checkout.mutate(body);
  };

  return (
    <section aria-labelledby="tickets-heading" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
      <h2 id="tickets-heading" className="text-lg font-semibold">
        <Trans comment="The heading of the box where buyers pick tickets">Tickets</Trans>
      </h2>
      {returned.cancelled && (
        <Alert tone="info">
          <Trans>You left the payment page: nothing was charged, and the seats you picked are free again.</Trans>
        </Alert>
      )}
      {event.status === "cancelled" ? (
        <p className="text-sm font-medium text-red-800">
          <Trans>This event was cancelled.</Trans>
          {event.cancel_reason ? ` ${event.cancel_reason}` : ""}
        </p>
      ) : ended ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This event has ended.</Trans>
        </p>
      ) : (
        <>
          {offer && (
            <WaitlistStatus entry={offer} typeName={cart.types.find((x) => x.id === offer.ticket_type_id)?.name ?? ""} timeZone={event.timezone}
              busy={waitlistChange.isPending} onLeave={() => waitlistChange.mutate({ leave: true })} />
          )}
          <ul className="flex flex-col divide-y divide-border" aria-label={t`Ticket types`}>
            {cart.types.map((type) => {
              const mine = offer?.ticket_type_id === type.id;
              const counted = seatsLeft(type, event.event_stats?.spots_left);
              // A member's own offer holds seats for them that the counters show as taken.
              const left = mine ? Math.max(counted ?? 0, offer.quantity) : counted;
              const waiting = entry?.ticket_type_id === type.id && entry.status === "waiting" ? entry : null;
              return (
                <TicketTypeRow
                  key={type.id}
                  type={type}
                  currency={event.currency}
                  timeZone={event.timezone}
                  state={saleState(type, event, now)}
                  left={left}
                  quantity={cart.quantities[type.id] ?? 0}
                  disabled={busy}
                  onQuantity={(n) => cart.setQuantity(type.id, n)}
                  soldOut={
                    waiting ? (
                      <WaitlistStatus entry={waiting} typeName={type.name} timeZone={event.timezone} busy={waitlistChange.isPending}
                        onLeave={() => waitlistChange.mutate({ leave: true })} />
                    ) : user && event.waitlist_enabled && !entry ? (
                      <JoinWaitlist min={type.min_per_order} max={type.max_per_order} name={type.name} busy={waitlistChange.isPending}
                        onJoin={(quantity) => waitlistChange.mutate({ join: { typeId: type.id, quantity } })} />
                    ) : null
                  }
                />
              );
            })}
          </ul>
          {hasHidden && (
            <CodeField label={t`Access code`} onApply={cart.applyAccess} onRemove={cart.removeAccess} disabled={busy}
              applied={cart.access && { code: cart.access.code, text: t`Hidden tickets unlocked` }} />
          )}
          <CodeField label={t`Promo code`} onApply={cart.applyPromo} onRemove={cart.removePromo} disabled={busy}
            applied={cart.promo && { code: cart.promo.code, text: promoText(cart.promo, event.currency) }} />
          {cart.totals.tickets > 0 && (
            <>
              <CheckoutQuestions orderQuestions={cart.orderQuestions} ticketQuestions={cart.ticketQuestions} seats={cart.seatList}
                orderDraft={cart.orderDraft} seatDrafts={cart.seatDrafts} problems={cart.problems} disabled={busy}
                onOrderAnswer={cart.answerOrder} onSeatAnswer={cart.answerSeat} />
              <CartSummary totals={cart.totals} currency={event.currency} promoCode={cart.promo?.code ?? null} />
              {cart.totals.promoUnused && (
                <p className="text-sm text-amber-900">
                  <Trans>This code does not apply to the tickets you chose.</Trans>
                </p>
              )}
            </>
          )}
          {user ? (
            <Button onClick={submit} disabled={busy || cart.totals.tickets === 0}>
              {busy ? <Trans>Please wait…</Trans> : cart.totals.total > 0 ? <Trans>Checkout</Trans> : <Trans>Get tickets</Trans>}
            </Button>
          ) : (
            <Button asChild>
              <Link to={signInPathFor(`/events/${event.slug}`)}>
                <Trans>Sign in to buy tickets</Trans>
              </Link>
            </Button>
          )}
          {cart.totals.total > 0 && (
            <p className="text-xs text-muted-foreground">
              <Trans>You pay on Stripe's secure page; your seats are held for a few minutes meanwhile.</Trans>
            </p>
          )}
        </>
      )}
    </section>
  );
}
