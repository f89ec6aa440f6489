import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { OrderStatusBadge } from "@/components/payments/order-status-badge";
import { RequireAuth } from "@/lib/auth/require-auth";
import { formatEventRange, formatEventStart } from "@/lib/datetime";
import { formatMoney } from "@/lib/money/money";
import { usePageTitle } from "@/lib/use-page-title";
import { orderOptions, type OrderDetails } from "./api/order-api";
import { OrderLines } from "./components/order-lines";
import { OrderStatusNote } from "./components/order-status-note";
import { OrderTicket } from "./components/order-ticket";
import { RefundRequest } from "./components/refund-request";
import { useLiveOrder } from "./hooks/use-live-order";

/** /orders/:id — an order of paid tickets: where Stripe sends the buyer back (decision 0280). */
export function OrderPage() {
  return (
    <RequireAuth>
      <OrderScreen />
    </RequireAuth>
  );
}

function OrderScreen() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const query = useQuery(orderOptions(id));
  useLiveOrder(id);
  const title = query.data?.event.title;
  usePageTitle(title !== undefined ? t`Order: ${title}` : query.isPending ? undefined : t`Order not found`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading your order…`} sections={2} />;
  if (query.isError) return <LoadError title={t`Couldn't load this order.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageState title={t`Order not found`} message={t`This order does not exist or is not yours.`} />;
  return <Order order={query.data} />;
}

function Order({ order }: { order: OrderDetails }) {
  const { t } = useLingui();
  const e = order.event;
  const place = [e.venue_name, e.address].filter(Boolean).join(", ");
  const when = formatEventStart(order.created_at, e.timezone);
  const over = new Date() > new Date(e.ends_at);
  const shown = order.tickets.filter((x) => x.status !== "released");
  const paid = ["paid", "partially_refunded", "refunded"].includes(order.status);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-brand-700">
          <Trans>Your order</Trans>
          <OrderStatusBadge status={order.status} />
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Link to={`/events/${e.slug}`} className="underline-offset-4 hover:underline">
            {e.title}
          </Link>
        </h1>
        <p className="text-muted-foreground">{formatEventRange(e.starts_at, e.ends_at, e.timezone)}</p>
        {place && <p className="text-muted-foreground">{place}</p>}
        {e.status === "cancelled" && (
          <p className="font-medium text-red-800">
            <Trans>This event was cancelled. Paid orders are refunded in full.</Trans>
          </p>
        )}
      </header>
      <OrderStatusNote order={order} />
      <section aria-labelledby="order-summary-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          <Trans>Summary</Trans>
        </h2>
        <OrderLines order={order} />
        <p className="text-xs text-muted-foreground">
          <Trans>Ordered {when}</Trans>
        </p>
      </section>
      {paid && shown.length > 0 && (
        <section aria-labelledby="order-tickets-heading" className="flex flex-col gap-3">
          <h2 id="order-tickets-heading" className="text-lg font-semibold">
            {plural(shown.length, { one: "Your ticket", other: "Your # tickets" })}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Each ticket is one seat. Show its QR code at the door, on your phone or printed.</Trans>
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {shown.map((ticket) => (
              <OrderTicket key={ticket.id} ticket={ticket} order={order} editable={!over} />
            ))}
          </ul>
        </section>
      )}
      {paid && (
        <section aria-labelledby="order-refund-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
          <h2 id="order-refund-heading" className="text-lg font-semibold">
            <Trans>Refunds</Trans>
          </h2>
          {order.refunds.length > 0 && (
            <ul className="flex flex-col gap-1 text-sm" aria-label={t`Refunds of this order`}>
              {order.refunds.map((r) => {
                const amount = formatMoney(r.amount, order.currency);
                const date = formatEventStart(r.created_at, e.timezone);
                return (
                  <li key={r.id}>
                    {r.status === "failed" || r.status === "canceled"
                      ? t`${amount} on ${date}: the refund failed. Contact the hosts.`
                      : r.status === "succeeded" || r.status === "pending"
                        ? t`${amount} refunded on ${date}.`
                        : t`${amount} asked for on ${date}, on its way.`}
                  </li>
                );
              })}
            </ul>
          )}
          <RefundRequest order={order} />
        </section>
      )}
    </div>
  );
}
