import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { EventNotFoundState, ForbiddenState, LoadError, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { canManageEvent, eventTeamRole } from "@/lib/auth/event-team";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { formatEventRange } from "@/lib/datetime";
import { usePageTitle } from "@/lib/use-page-title";
import { setupEventOptions, type SetupEvent } from "./api/ticketing-api";
import { MoneySettingsSection } from "./components/money-settings-section";
import { PaymentStatusNote } from "./components/payment-status-note";
import { PromoCodesSection } from "./components/promo-codes-section";
import { TicketTypesSection } from "./components/ticket-types-section";

/** /events/:slug/tickets — what an event sells: ticket types, promo codes, currency and refunds. */
export function TicketsSetupPage() {
  return (
    <RequireAuth>
      <SetupScreen />
    </RequireAuth>
  );
}

function SetupScreen() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { user } = useSession();
  const isAdmin = useIsAdmin();
  const query = useQuery(setupEventOptions(slug));
  const event = query.data;
  const title = event?.title;
  usePageTitle(title !== undefined ? t`Tickets: ${title}` : query.isPending ? undefined : t`Tickets`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading the tickets…`} sections={3} />;
  if (query.isError) return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!event) return <EventNotFoundState />;
  if (!canManageEvent(eventTeamRole(event, user?.id, isAdmin))) return <ForbiddenState title={t`Tickets`} />;
  return <Setup event={event} />;
}

function Setup({ event }: { event: SetupEvent }) {
  const locked = event.status === "cancelled";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={`/events/${event.slug}/manage`}
          className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>Host dashboard</Trans>
        </Link>
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Tickets and prices</Trans>
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{event.title}</h1>
        <p className="text-muted-foreground">{formatEventRange(event.starts_at, event.ends_at, event.timezone)}</p>
      </header>
      {locked && (
        <Alert>
          <Trans>This event was cancelled. A cancelled event can't be changed.</Trans>
        </Alert>
      )}
      <PaymentStatusNote event={event} />
      <TicketTypesSection event={event} locked={locked} />
      <PromoCodesSection event={event} locked={locked} />
      <MoneySettingsSection event={event} locked={locked} />
      <p className="text-sm text-muted-foreground">
        <Trans>
          Questions for buyers (once per order, or for each ticket) are set in the{" "}
          <Link to={`/events/${event.slug}/edit`} className="font-medium text-brand-700 underline underline-offset-4">
            event editor
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}
