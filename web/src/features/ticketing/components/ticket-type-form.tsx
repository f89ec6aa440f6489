import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { TicketTypeWrite } from "../api/ticketing-api";
import { ticketTypeRow, type TicketTypeDraft } from "../drafts";
import { useCheckedDraft } from "./use-checked-draft";

type Props = {
  title: string;
  initial: TicketTypeDraft;
  currency: string;
  timeZone: string;
  busy: boolean;
  onSave: (row: TicketTypeWrite) => void;
  onClose: () => void;
};

/** Adds or edits one ticket type. */
export function TicketTypeForm({ title, initial, currency, timeZone, busy, onSave, onClose }: Props) {
  const { t } = useLingui();
  const { draft, set, problems, save } = useCheckedDraft(initial, (d: TicketTypeDraft) => ticketTypeRow(d, currency, timeZone), onSave);
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <p className="font-medium">{title}</p>
      <FormField label={t`Name`} error={problems.name} hint={t`E.g. "General admission", "Student", "Early bird".`}>
        <Input value={draft.name} maxLength={80} onChange={(e) => set({ name: e.target.value })} />
      </FormField>
      <FormField label={t`What it includes (optional)`} error={problems.description}>
        <Textarea value={draft.description} rows={2} maxLength={2000} onChange={(e) => set({ description: e.target.value })} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Price (${currency})`} error={problems.price} hint={t`Leave empty for free tickets.`}>
          <Input value={draft.price} inputMode="decimal" onChange={(e) => set({ price: e.target.value })} />
        </FormField>
        <FormField label={t`Quantity`} error={problems.quantity} hint={t`Leave empty to be limited by the event's capacity only.`}>
          <Input value={draft.quantity} inputMode="numeric" onChange={(e) => set({ quantity: e.target.value })} />
        </FormField>
        <FormField label={t`Sales start (${timeZone})`} error={problems.salesStart} hint={t`Empty: on sale now.`}>
          <Input type="datetime-local" value={draft.salesStart} onChange={(e) => set({ salesStart: e.target.value })} />
        </FormField>
        <FormField label={t`Sales end (${timeZone})`} error={problems.salesEnd} hint={t`Empty: when the event starts.`}>
          <Input type="datetime-local" value={draft.salesEnd} onChange={(e) => set({ salesEnd: e.target.value })} />
        </FormField>
        <FormField label={t`At least, per order`}>
          <Input value={draft.minPerOrder} inputMode="numeric" onChange={(e) => set({ minPerOrder: e.target.value })} />
        </FormField>
        <FormField label={t`At most, per order`} error={problems.maxPerOrder}>
          <Input value={draft.maxPerOrder} inputMode="numeric" onChange={(e) => set({ maxPerOrder: e.target.value })} />
        </FormField>
      </div>
      <CheckboxField label={t`Hidden`} hint={t`Only buyers who enter the access code see it.`} checked={draft.hidden}
        onChange={(e) => set({ hidden: e.target.checked })} />
      {draft.hidden && (
        <FormField label={t`Access code`} error={problems.accessCode}>
          <Input value={draft.accessCode} maxLength={40} autoComplete="off" onChange={(e) => set({ accessCode: e.target.value })} />
        </FormField>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={save} disabled={busy}>
          <Trans>Save ticket type</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
