import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { PromoCodeWrite, TicketTypeRow } from "../api/ticketing-api";
import { promoCodeRow, type PromoCodeDraft } from "../drafts";
import { useCheckedDraft } from "./use-checked-draft";

type Props = {
  title: string;
  initial: PromoCodeDraft;
  currency: string;
  timeZone: string;
  types: TicketTypeRow[];
  busy: boolean;
  onSave: (row: PromoCodeWrite) => void;
  onClose: () => void;
};

/** Adds or edits one promo code: a percentage or an amount off each ticket, for some types or all. */
export function PromoCodeForm({ title, initial, currency, timeZone, types, busy, onSave, onClose }: Props) {
  const { t } = useLingui();
  const { draft, set, problems, save } = useCheckedDraft(initial, (d: PromoCodeDraft) => promoCodeRow(d, currency, timeZone), onSave);
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <p className="font-medium">{title}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Code`} error={problems.code} hint={t`Letters, digits, - or _. Buyers type it in any case.`}>
          <Input value={draft.code} maxLength={40} autoComplete="off" onChange={(e) => set({ code: e.target.value })} />
        </FormField>
        <FormField label={t`Discount`}>
          <Select value={draft.kind} onChange={(e) => set({ kind: e.target.value as PromoCodeDraft["kind"] })}>
            <option value="percent">{t`A percentage off`}</option>
            <option value="amount">{t`An amount off each ticket`}</option>
          </Select>
        </FormField>
        <FormField label={draft.kind === "percent" ? t`Percent off` : t`Amount off (${currency})`} error={problems.value}>
          <Input value={draft.value} inputMode="decimal" onChange={(e) => set({ value: e.target.value })} />
        </FormField>
        <FormField label={t`Uses (orders)`} error={problems.maxUses} hint={t`Empty: no limit.`}>
          <Input value={draft.maxUses} inputMode="numeric" onChange={(e) => set({ maxUses: e.target.value })} />
        </FormField>
        <FormField label={t`Expires (${timeZone})`} hint={t`Empty: never.`}>
          <Input type="datetime-local" value={draft.expires} onChange={(e) => set({ expires: e.target.value })} />
        </FormField>
      </div>
      {types.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>For which tickets (none ticked: all)</Trans>
          </legend>
          {types.map((type) => (
            <CheckboxField key={type.id} label={type.name} checked={draft.typeIds.includes(type.id)}
              onChange={(e) => set({ typeIds: e.target.checked ? [...draft.typeIds, type.id] : draft.typeIds.filter((x) => x !== type.id) })} />
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={save} disabled={busy}>
          <Trans>Save promo code</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
