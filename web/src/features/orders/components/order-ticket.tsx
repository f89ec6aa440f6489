import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTime } from "@/lib/datetime";
import { displayCode, ticketQrPayload } from "@/lib/tickets/ticket-code";
import type { OrderDetails, TicketStatus } from "../api/order-api";
import { HolderNameField } from "./holder-name-field";
import { WalletButtons } from "./wallet-buttons";

const TicketQr = lazy(() => import("@/components/tickets/ticket-qr"));

type Ticket = OrderDetails["tickets"][number];

function statusBadge(status: TicketStatus) {
  switch (status) {
    case "valid": return <Badge tone="success">{t({ message: "Valid", comment: "A paid ticket's status" })}</Badge>;
    case "held": return <Badge tone="warning">{t({ message: "Held", comment: "A ticket whose payment is not through yet" })}</Badge>;
    case "refunded": return <Badge>{t({ message: "Refunded", comment: "A paid ticket's status" })}</Badge>;
    case "released": return <Badge>{t({ message: "Released", comment: "A ticket given back before it was paid" })}</Badge>;
  }
}

/** One seat: its holder, its QR code for the door (valid tickets), and a wallet pass. */
export function OrderTicket({ ticket, order, editable }: { ticket: Ticket; order: OrderDetails; editable: boolean }) {
  const { t } = useLingui();
  const position = ticket.position;
  const holder = ticket.holder_name || t`ticket ${position}`;
  const at = ticket.checked_in_at ? formatTime(ticket.checked_in_at, order.event.timezone) : "";
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="order-ticket">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <Trans>
            Ticket {position} · {ticket.name}
          </Trans>
        </h3>
        {statusBadge(ticket.status)}
      </div>
      {ticket.checked_in_at && (
        <p className="text-sm font-medium text-emerald-800">
          <Trans>Checked in at {at}</Trans>
        </p>
      )}
      {editable && (ticket.status === "valid" || ticket.status === "held") ? (
        <HolderNameField orderId={order.order_id} ticketId={ticket.id} position={position} initial={ticket.holder_name} />
      ) : (
        ticket.holder_name && <p className="text-sm">{ticket.holder_name}</p>
      )}
      {ticket.status === "valid" && ticket.code && (
        <div className="flex flex-col items-center gap-3">
          <Suspense fallback={<Skeleton className="aspect-square w-full max-w-56" />}>
            <TicketQr
              payload={ticketQrPayload(window.location.origin, order.event.slug, ticket.code)}
              label={t`QR code of ${holder}'s ticket`}
              failedText={t`Couldn't draw the QR code. Show the code below instead.`}
            />
          </Suspense>
          <p className="w-full break-all rounded-md bg-muted px-3 py-2 font-mono text-xs" data-testid="ticket-code">
            {displayCode(ticket.code)}
          </p>
          <WalletButtons code={ticket.code} position={position} />
        </div>
      )}
    </li>
  );
}
