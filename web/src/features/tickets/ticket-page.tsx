import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Copy, Printer } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { LoadError, PageState, SectionsSkeleton } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { formatEventStart, formatEventRange, viewerTimeZone } from "@/lib/datetime";
import { formatNumber } from "@/lib/i18n/format";
import { displayCode, ticketQrPayload } from "@/lib/tickets/ticket-code";
import { usePageTitle } from "@/lib/use-page-title";
import { ticketOptions, type TicketResult } from "./api/get-ticket";
import { TicketStatus, ticketIsValid } from "./components/ticket-status";

const TicketQr = lazy(() => import("@/components/tickets/ticket-qr"));

// Printing shows the ticket alone, without the site's header and footer.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #ticket, #ticket * { visibility: visible; }
  #ticket { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

/** /tickets/:id — an RSVP's ticket with its QR code, for the door. */
export function TicketPage() {
  return (
    <RequireAuth>
      <TicketScreen />
    </RequireAuth>
  );
}

function TicketScreen() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const { user } = useSession();
  const query = useQuery(ticketOptions(id, user!.id)); // RequireAuth renders this only when signed in
  const title = query.data?.title;
  usePageTitle(title !== undefined ? t`Ticket: ${title}` : query.isPending ? undefined : t`Ticket not found`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading your ticket…`} sections={1} />;
  if (query.isError) return <LoadError title={t`Couldn't load this ticket.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <TicketNotFound />;
  return <TicketCard ticket={query.data} />;
}

function TicketCard({ ticket }: { ticket: TicketResult }) {
  const { t } = useLingui();
  const valid = ticketIsValid(ticket);
  const name = ticket.display_name;
  const payload = ticketQrPayload(window.location.origin, ticket.slug, ticket.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ticket.code);
      toast.success(t`Ticket code copied.`);
    } catch {
      toast.error(t`Couldn't copy. Select the code and copy it instead.`);
    }
  };

  return (
    <article id="ticket" className="mx-auto flex max-w-lg flex-col gap-5 rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <style>{PRINT_CSS}</style>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Ticket</Trans>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">
          <Link to={`/events/${ticket.slug}`} className="underline-offset-4 hover:underline">
            {ticket.title}
          </Link>
        </h1>
        <p className="text-muted-foreground">{formatEventRange(ticket.starts_at, ticket.ends_at, ticket.timezone)}</p>
        {(ticket.venue_name || ticket.is_online) && (
          <p className="text-muted-foreground">
            {[ticket.venue_name, ticket.address].filter(Boolean).join(", ") || t`Online`}
          </p>
        )}
      </header>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-muted-foreground">
            <Trans>Name</Trans>
          </dt>
          <dd className="font-medium">{ticket.display_name}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">
            <Trans>Guests</Trans>
          </dt>
          <dd className="font-medium">{ticket.guests === 0 ? t`None` : `+${formatNumber(ticket.guests)}`}</dd>
        </div>
      </dl>
      {ticket.offlineSince && <OfflineCopy since={ticket.offlineSince} />}
      <TicketStatus ticket={ticket} />
      {valid && (
        <div className="flex flex-col items-center gap-3">
          <Suspense fallback={<Skeleton className="aspect-square w-full max-w-64" />}>
            <TicketQr payload={payload} label={t`QR code of the ticket for ${name}`} failedText={t`Couldn't draw the QR code. Show the code below instead.`} />
          </Suspense>
          <dl className="flex w-full flex-col gap-1">
            <dt className="text-sm text-muted-foreground">
              <Trans>Ticket code</Trans>
            </dt>
            <dd data-testid="ticket-code" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
              {displayCode(ticket.code)}
            </dd>
          </dl>
        </div>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        {valid && (
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            <Trans>Copy code</Trans>
          </Button>
        )}
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          <Trans>Print</Trans>
        </Button>
      </div>
    </article>
  );
}

/** Shown over the device's saved copy: check-in still works (the code is the code), status may be older. */
function OfflineCopy({ since }: { since: string }) {
  const when = formatEventStart(since, viewerTimeZone());
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <Trans>You're offline. This is the copy saved on this device on {when}.</Trans>
    </p>
  );
}

function TicketNotFound() {
  const { t } = useLingui();
  return <PageState title={t`Ticket not found`} message={t`This ticket does not exist or is not yours.`} />;
}
