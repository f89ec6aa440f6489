import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Download } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { EventNotFoundState, ForbiddenState, LoadError, SectionsSkeleton } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { canManageEvent, eventTeamRole } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { downloadCsv } from "@/lib/csv";
import { formatDayKey, formatEventRange } from "@/lib/datetime";
import { supabase } from "@/lib/supabase";
import { usePageTitle } from "@/lib/use-page-title";
import { orderAnswersOptions, salesEventOptions, salesKeys, salesOrdersOptions, type SalesEvent } from "./api/sales-api";
import { OrdersList } from "./components/orders-list";
import { SalesByTypeTable, SalesOverTime, SalesTotalsCard } from "./components/sales-figures";
import { ordersCsv, ordersFileName } from "./orders-csv";
import { salesByDay, salesByType, salesTotals } from "./sales-summary";

/** /events/:slug/sales — the organizer's sales: totals, by type, over time, orders and refunds. */
export function SalesPage() {
  return (
    <RequireAuth>
      <SalesScreen />
    </RequireAuth>
  );
}

function SalesScreen() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const query = useQuery(salesEventOptions(slug));
  const event = query.data;
  const title = event?.title;
  usePageTitle(title !== undefined ? t`Sales: ${title}` : query.isPending ? undefined : t`Sales`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading the sales…`} sections={3} />;
  if (query.isError) return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!event) return <EventNotFoundState />;
  if (!canManageEvent(eventTeamRole(event, user?.id, isAdmin))) return <ForbiddenState title={t`Sales`} />;
  return <Sales event={event} />;
}

/** New orders, payments and refunds refresh the figures (orders are in the realtime publication). */
function useLiveSales(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = supabase.channel(`sales:${eventId}`);
    channel.on("postgres_changes", { event: "*", schema: "public", table: "orders", filter: `event_id=eq.${eventId}` }, () => {
      void queryClient.invalidateQueries({ queryKey: salesKeys.orders(eventId) });
      void queryClient.invalidateQueries({ queryKey: salesKeys.answers(eventId) });
    });
    channel.subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [eventId, queryClient]);
}

function Sales({ event }: { event: SalesEvent }) {
  const { t } = useLingui();
  const orders = useQuery(salesOrdersOptions(event.id));
  const answers = useQuery(orderAnswersOptions(event.id));
  useLiveSales(event.id);
  const exportCsv = () => {
    downloadCsv(ordersCsv(orders.data ?? [], answers.data ?? [], event.timezone), ordersFileName(event.slug));
    toast.success(t`Orders downloaded as a CSV file.`);
  };

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={`/events/${event.slug}/manage`}
          className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>Host dashboard</Trans>
        </Link>
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Sales</Trans>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{event.title}</h1>
        <p className="text-muted-foreground">{formatEventRange(event.starts_at, event.ends_at, event.timezone)}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/events/${event.slug}/tickets`}>
              <Trans>Tickets and prices</Trans>
            </Link>
          </Button>
          <Button size="sm" variant="outline" onClick={exportCsv} disabled={!orders.data?.length}>
            <Download aria-hidden="true" />
            <Trans>Download orders (CSV)</Trans>
          </Button>
        </div>
      </header>
      {orders.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label={t`Loading the orders`}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : orders.isError ? (
        <LoadError title={t`Couldn't load the orders.`} error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <SalesTotalsCard totals={salesTotals(orders.data)} currency={event.currency} />
          <div className="grid gap-6 lg:grid-cols-2">
            <SalesByTypeTable rows={salesByType(orders.data)} currency={event.currency} />
            <SalesOverTime days={salesByDay(orders.data, event.timezone)} currency={event.currency} formatDay={(key) => formatDayKey(key)} />
          </div>
          <OrdersList eventId={event.id} orders={orders.data} answers={answers.data ?? []} timeZone={event.timezone} />
        </>
      )}
    </div>
  );
}
