import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventStart } from "@/lib/datetime";
import { formatMoney } from "@/lib/money/money";
import {
  deletePromoCode, promoCodesOptions, savePromoCode, ticketingKeys, ticketTypesOptions, type PromoCodeRow, type PromoCodeWrite, type SetupEvent,
} from "../api/ticketing-api";
import { newPromoCodeDraft, promoCodeDraft } from "../drafts";
import { PromoCodeForm } from "./promo-code-form";
import { useSetupWrite } from "./use-setup-write";

type Change = { save: { id: string | null; row: PromoCodeWrite } } | { remove: string };

/** The event's promo codes: add, edit, remove; uses counted by the database. */
export function PromoCodesSection({ event, locked }: { event: SetupEvent; locked: boolean }) {
  const { t } = useLingui();
  const promos = useQuery(promoCodesOptions(event.id));
  const types = useQuery(ticketTypesOptions(event.id)).data ?? [];
  const typeNames = new Map(types.map((x) => [x.id, x.name]));
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const write = useSetupWrite<Change>(
    (c) => ("save" in c ? savePromoCode(event.id, c.save.id, c.save.row) : deletePromoCode(c.remove)),
    [ticketingKeys.promos(event.id)],
    event.slug,
    (c) => ("save" in c ? t`Promo code saved.` : t`Promo code removed.`),
  );
  const save = (id: string | null) => (row: PromoCodeWrite) => write.mutate({ save: { id, row } }, { onSuccess: () => setEditing(null) });
  /** "20% off · 3 of 10 used · for Student · until Sat, Dec 5 · 6:00 PM WET". */
  const promoSummary = (p: PromoCodeRow): string => {
    const percent = p.percent_off ?? 0;
    const amount = formatMoney(p.amount_off ?? 0, event.currency);
    const used = p.used_count;
    const max = p.max_uses ?? 0;
    const parts = [
      p.percent_off !== null ? t`${percent}% off` : t`${amount} off each ticket`,
      p.max_uses === null ? plural(used, { one: "used once", other: "used # times" }) : t`${used} of ${max} used`,
    ];
    const names = (p.ticket_type_ids ?? []).map((id) => typeNames.get(id)).filter(Boolean).join(", ");
    if (names) parts.push(t`for ${names}`);
    const until = p.expires_at ? formatEventStart(p.expires_at, event.timezone) : "";
    if (until) parts.push(t`until ${until}`);
    return parts.join(" · ");
  };

  return (
    <section aria-labelledby="promo-codes-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
      <h2 id="promo-codes-heading" className="text-lg font-semibold">
        <Trans>Promo codes</Trans>
      </h2>
      {promos.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : promos.isError ? (
        <LoadError title={t`Couldn't load the promo codes.`} error={promos.error} onRetry={() => void promos.refetch()} />
      ) : promos.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No promo codes yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Promo codes`}>
          {promos.data.map((p) => {
            const code = p.code;
            return editing === p.id ? (
              <li key={p.id}>
                <PromoCodeForm title={t`Edit ${code}`} initial={promoCodeDraft(p, event.currency, event.timezone)} currency={event.currency}
                  timeZone={event.timezone} types={types} busy={write.isPending} onSave={save(p.id)} onClose={() => setEditing(null)} />
              </li>
            ) : (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0">
                  <p className="font-mono font-semibold">{code}</p>
                  <p className="text-sm text-muted-foreground">{promoSummary(p)}</p>
                </div>
                {!locked && (
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(p.id)} aria-label={t`Edit ${code}`}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="sm" disabled={write.isPending} onClick={() => write.mutate({ remove: p.id })} aria-label={t`Remove ${code}`}>
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
        <PromoCodeForm title={t`New promo code`} initial={newPromoCodeDraft()} currency={event.currency} timeZone={event.timezone} types={types}
          busy={write.isPending} onSave={save(null)} onClose={() => setEditing(null)} />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add a promo code</Trans>
        </Button>
      ))}
    </section>
  );
}
