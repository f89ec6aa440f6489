import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/money/money";
import { deleteTicketType, saveTicketType, ticketingKeys, ticketTypesOptions, type SetupEvent, type TicketTypeWrite } from "../api/ticketing-api";
import { newTicketTypeDraft, ticketTypeDraft } from "../drafts";
import { TicketTypeForm } from "./ticket-type-form";
import { useSetupWrite } from "./use-setup-write";

type Change = { save: { id: string | null; row: TicketTypeWrite } } | { remove: string };

/** The event's ticket types: what each costs, how many, sold and held; add, edit, remove. */
export function TicketTypesSection({ event, locked }: { event: SetupEvent; locked: boolean }) {
  const { t } = useLingui();
  const types = useQuery(ticketTypesOptions(event.id));
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const write = useSetupWrite<Change>(
    (c) => ("save" in c ? saveTicketType(event.id, c.save.id, c.save.row) : deleteTicketType(c.remove)),
    [ticketingKeys.types(event.id), ticketingKeys.promos(event.id)],
    event.slug,
    (c) => ("save" in c ? t`Ticket type saved.` : t`Ticket type removed.`),
  );
  const save = (id: string | null) => (row: TicketTypeWrite) => write.mutate({ save: { id, row } }, { onSuccess: () => setEditing(null) });

  return (
    <section aria-labelledby="ticket-types-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="ticket-types-heading" className="text-lg font-semibold">
        <Trans>Ticket types</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>An event with ticket types sells tickets instead of taking RSVPs. The event's capacity still caps them all.</Trans>
      </p>
      {types.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : types.isError ? (
        <LoadError title={t`Couldn't load the ticket types.`} error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Ticket types`}>
          {types.data.map((type) => {
            const { name, sold_count: sold, quantity, held_count: held } = type;
            return editing === type.id ? (
              <li key={type.id}>
                <TicketTypeForm title={t`Edit "${name}"`} initial={ticketTypeDraft(type, event.currency, event.timezone)} currency={event.currency}
                  timeZone={event.timezone} busy={write.isPending} onSave={save(type.id)} onClose={() => setEditing(null)} />
              </li>
            ) : (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {type.name}
                    {type.hidden && <Badge tone="brand"><Trans comment="A ticket type shown only with its access code">Hidden</Trans></Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {type.price === 0 ? t({ message: "Free", comment: "A ticket type's price" }) : formatMoney(type.price, event.currency)}
                    {" · "}
                    {quantity === null ? t`${sold} sold` : t`${sold} of ${quantity} sold`}
                    {held > 0 && ` · ${t`${held} held`}`}
                  </p>
                </div>
                {!locked && (
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(type.id)} aria-label={t`Edit ${name}`}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="sm" disabled={write.isPending} onClick={() => write.mutate({ remove: type.id })} aria-label={t`Remove ${name}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!locked && (editing === "new" ? (
        <TicketTypeForm title={t`New ticket type`} initial={newTicketTypeDraft()} currency={event.currency} timeZone={event.timezone}
          busy={write.isPending} onSave={save(null)} onClose={() => setEditing(null)} />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add a ticket type</Trans>
        </Button>
      ))}
    </section>
  );
}
