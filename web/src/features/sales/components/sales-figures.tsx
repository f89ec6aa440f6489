import { Trans, useLingui } from "@lingui/react/macro";
import { formatNumber } from "@/lib/i18n/format";
import { formatMoney } from "@/lib/money/money";
import type { DaySales, SalesTotals, TypeSales } from "../sales-summary";

/** Gross, refunds, fees, net and tickets sold, as large figures. */
export function SalesTotalsCard({ totals, currency }: { totals: SalesTotals; currency: string }) {
  const { t } = useLingui();
  const figures: [string, string, string][] = [
    ["gross", t`Gross sales`, formatMoney(totals.gross, currency)],
    ["refunds", t`Refunds`, formatMoney(totals.refunds, currency)],
    ["fees", t`Platform fees`, formatMoney(totals.fees, currency)],
    ["net", t`Net`, formatMoney(totals.net, currency)],
    ["tickets", t`Tickets sold`, formatNumber(totals.tickets)],
  ];
  const processing = formatMoney(totals.processing, currency);
  return (
    <section aria-labelledby="sales-totals-heading" className="flex flex-col gap-3">
      <h2 id="sales-totals-heading" className="sr-only">
        <Trans>Totals</Trans>
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([key, label, value]) => (
          <div key={key} className="rounded-xl border border-border bg-card p-4" data-testid={`sales-${key}`}>
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tracking-tight">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        <Trans>Net is before Stripe's own processing fees, which your Stripe dashboard shows.</Trans>
        {totals.processing > 0 && (
          <>
            {" "}
            <Trans>{processing} more is on its way from payments still processing.</Trans>
          </>
        )}
      </p>
    </section>
  );
}

/** One row per ticket type. */
export function SalesByTypeTable({ rows, currency }: { rows: TypeSales[]; currency: string }) {
  return (
    <section aria-labelledby="sales-types-heading" className="flex flex-col gap-3 overflow-x-auto">
      <h2 id="sales-types-heading" className="text-lg font-semibold">
        <Trans>By ticket type</Trans>
      </h2>
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium"><Trans>Ticket type</Trans></th>
            <th scope="col" className="py-2 pr-3 text-right font-medium"><Trans>Valid</Trans></th>
            <th scope="col" className="py-2 pr-3 text-right font-medium"><Trans comment="Tickets refunded">Refunded</Trans></th>
            <th scope="col" className="py-2 pr-3 text-right font-medium"><Trans>Sold for</Trans></th>
            <th scope="col" className="py-2 text-right font-medium"><Trans>Refunds</Trans></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.ticketTypeId}>
              <th scope="row" className="py-2 pr-3 font-medium">{r.name}</th>
              <td className="py-2 pr-3 text-right">{formatNumber(r.valid)}</td>
              <td className="py-2 pr-3 text-right">{formatNumber(r.refunded)}</td>
              <td className="py-2 pr-3 text-right">{formatMoney(r.gross, currency)}</td>
              <td className="py-2 text-right">{formatMoney(r.refunds, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Sales per day, a bar beside each day's figures. */
export function SalesOverTime({ days, currency, formatDay }: { days: DaySales[]; currency: string; formatDay: (key: string) => string }) {
  const top = Math.max(1, ...days.map((d) => d.gross));
  return (
    <section aria-labelledby="sales-days-heading" className="flex flex-col gap-3 overflow-x-auto">
      <h2 id="sales-days-heading" className="text-lg font-semibold">
        <Trans>Over time</Trans>
      </h2>
      <table className="w-full min-w-[24rem] text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium"><Trans>Day</Trans></th>
            <th scope="col" className="py-2 pr-3 text-right font-medium"><Trans>Tickets</Trans></th>
            <th scope="col" className="py-2 pr-3 text-right font-medium"><Trans>Sales</Trans></th>
            <th scope="col" className="w-1/3 py-2"><span className="sr-only"><Trans>Share of the best day</Trans></span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row" className="py-2 pr-3 font-medium">{formatDay(d.day)}</th>
              <td className="py-2 pr-3 text-right">{formatNumber(d.tickets)}</td>
              <td className="py-2 pr-3 text-right">{formatMoney(d.gross, currency)}</td>
              <td className="py-2" aria-hidden="true">
                <div className="h-3 rounded-sm bg-brand-600" style={{ width: `${Math.max(2, (d.gross / top) * 100)}%` }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
