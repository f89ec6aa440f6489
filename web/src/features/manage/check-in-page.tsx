import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Camera, CameraOff } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { EventNotFoundState, ForbiddenState, LoadError, SectionsSkeleton } from "@/components/page-states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { canCheckIn, canManageEvent } from "@/lib/auth/event-team";
import { RequireAuth } from "@/lib/auth/require-auth";
import { formatEventRange } from "@/lib/datetime";
import { parseTicketCode } from "@/lib/tickets/ticket-code";
import { usePageTitle } from "@/lib/use-page-title";
import type { ManagedEvent } from "./api/get-managed-event";
import { guestListOptions } from "./api/guest-list";
import { checkInWindowText } from "./check-in-outcome";
import { CheckInResult } from "./components/check-in-result";
import { CheckInSearch } from "./components/check-in-search";
import { TicketCodeForm } from "./components/ticket-code-form";
import { WalkInsSection } from "./components/walk-ins-section";
import { useCheckIn } from "./hooks/use-check-in";
import { useLiveGuestList } from "./hooks/use-live-guest-list";
import { useManagedEvent } from "./hooks/use-managed-event";

// The camera and the QR decoder load only when a checker opens the scanner.
const QrScanner = lazy(() => import("./components/qr-scanner"));

/** /events/:slug/check-in — the door: scan, type a code, or find a name. Made for phones. */
export function CheckInPage() {
  return (
    <RequireAuth>
      <CheckInScreen />
    </RequireAuth>
  );
}

function CheckInScreen() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const { query, event, role } = useManagedEvent(slug);
  const title = event?.title;
  usePageTitle(title !== undefined ? t`Check-in: ${title}` : query.isPending ? undefined : t`Check-in`);

  if (query.isPending) return <SectionsSkeleton label={t`Loading check-in…`} sections={2} />;
  if (query.isError) return <LoadError title={t`Couldn't load this event.`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!event) return <EventNotFoundState />;
  if (!canCheckIn(role)) {
    return (
      <ForbiddenState
        title={t`Check-in`}
        back={
          <Button asChild>
            <Link to={`/events/${event.slug}`}>
              <Trans>Back to the event</Trans>
            </Link>
          </Button>
        }
      />
    );
  }
  return <Door event={event} canManage={canManageEvent(role)} />;
}

function Door({ event, canManage }: { event: ManagedEvent; canManage: boolean }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  // A ticket's QR code is a link here with ?code=; a phone's own camera app lands on it.
  const linkedCode = parseTicketCode(params.get("code") ?? "") ?? undefined;
  const [scanning, setScanning] = useState(false);
  const guests = useQuery(guestListOptions(event.id));
  useLiveGuestList(event.id);
  const checkIn = useCheckIn(event);
  const windowText = checkInWindowText(event);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        {canManage && (
          <Link
            to={`/events/${event.slug}/manage`}
            className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <Trans>Host dashboard</Trans>
          </Link>
        )}
        <p className="text-sm font-semibold text-brand-700">
          <Trans>Check-in</Trans>
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{event.title}</h1>
        <p className="text-muted-foreground">{formatEventRange(event.starts_at, event.ends_at, event.timezone)}</p>
      </header>
      {windowText && <Alert>{windowText}</Alert>}

      <CheckInResult outcome={checkIn.outcome} busy={checkIn.busy} onUndoTicket={checkIn.undoTicketCheckIn} />

      <section aria-labelledby="scan-heading" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="scan-heading" className="text-lg font-semibold">
            <Trans>Scan or enter a ticket</Trans>
          </h2>
          <Button variant={scanning ? "outline" : "default"} onClick={() => setScanning((on) => !on)} aria-pressed={scanning}>
            {scanning ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
            {scanning ? <Trans>Stop camera</Trans> : <Trans>Scan QR code</Trans>}
          </Button>
        </div>
        {scanning && (
          <Suspense fallback={<Skeleton className="aspect-[4/3] w-full" />}>
            <QrScanner onCode={checkIn.checkInCode} />
          </Suspense>
        )}
        <TicketCodeForm initialCode={linkedCode} busy={checkIn.busy} onCode={checkIn.checkInCode} />
      </section>

      {guests.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t`Loading the guest list`}>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : guests.isError ? (
        <LoadError title={t`Couldn't load the guest list.`} error={guests.error} onRetry={() => void guests.refetch()} />
      ) : (
        <CheckInSearch
          guests={guests.data}
          timeZone={event.timezone}
          busy={checkIn.busy}
          onCheckIn={checkIn.checkInGuest}
          onUndo={checkIn.undoCheckIn}
        />
      )}
      <WalkInsSection eventId={event.id} timeZone={event.timezone} />
    </div>
  );
}
