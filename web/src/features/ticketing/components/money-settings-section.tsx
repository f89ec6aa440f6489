import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { currenciesOptions, saveMoneySettings, ticketingKeys, type MoneySettings, type SetupEvent } from "../api/ticketing-api";
import { useSetupWrite } from "./use-setup-write";

/** The event's currency, refund policy and how long a waitlist offer stays open. */
export function MoneySettingsSection({ event, locked }: { event: SetupEvent; locked: boolean }) {
  const { t } = useLingui();
  const currencies = useQuery(currenciesOptions()).data ?? [event.currency];
  const [draft, setDraft] = useState({
    currency: event.currency, refund_policy: event.refund_policy, days: String(event.refund_days_before), hours: String(event.ticket_offer_hours),
  });
  const days = Number(draft.days);
  const hours = Number(draft.hours);
  const daysProblem = !Number.isInteger(days) || days < 0 || days > 365 ? t`Refunds can be offered until 0 to 365 days before the start.` : undefined;
  const hoursProblem = !Number.isInteger(hours) || hours < 1 || hours > 168 ? t`A waitlist offer stays open 1 to 168 hours.` : undefined;
  const write = useSetupWrite<MoneySettings>((s) => saveMoneySettings(event.id, s), [ticketingKeys.event(event.slug)], event.slug, () => t`Settings saved.`);
  return (
    <section aria-labelledby="money-heading" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5">
      <h2 id="money-heading" className="text-lg font-semibold">
        <Trans>Currency and refunds</Trans>
      </h2>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (daysProblem || hoursProblem) return;
          write.mutate({ currency: draft.currency, refund_policy: draft.refund_policy, refund_days_before: days, ticket_offer_hours: hours });
        }}
      >
        <fieldset disabled={locked || write.isPending} className="grid gap-4 sm:grid-cols-2">
          <FormField label={t`Currency`} hint={t`It can't change once tickets have been ordered.`}>
            <Select value={draft.currency} onChange={(e) => setDraft((d) => ({ ...d, currency: e.target.value }))}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t`Refunds`}>
            <Select value={draft.refund_policy} onChange={(e) => setDraft((d) => ({ ...d, refund_policy: e.target.value as MoneySettings["refund_policy"] }))}>
              <option value="none">{t`No refunds`}</option>
              <option value="until">{t`Buyers may ask for a refund until some days before`}</option>
            </Select>
          </FormField>
          {draft.refund_policy === "until" && (
            <FormField label={t`Days before the start`} error={daysProblem} hint={t`0: until the event starts.`}>
              <Input value={draft.days} inputMode="numeric" onChange={(e) => setDraft((d) => ({ ...d, days: e.target.value }))} />
            </FormField>
          )}
          <FormField label={t`Hours to take up a waitlist offer`} error={hoursProblem}
            hint={t`When a seat of a sold-out ticket frees up, the next person in line may buy it within this time.`}>
            <Input value={draft.hours} inputMode="numeric" onChange={(e) => setDraft((d) => ({ ...d, hours: e.target.value }))} />
          </FormField>
        </fieldset>
        {!locked && (
          <Button type="submit" className="self-start" disabled={write.isPending}>
            <Trans>Save</Trans>
          </Button>
        )}
      </form>
    </section>
  );
}
