import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { draftProblems, hasOptions, KINDS, type DraftProblems, type QuestionDraft, type QuestionKind } from "./question-rules";

type Props = {
  initial: QuestionDraft;
  title: string;
  busy: boolean;
  /** Answers exist: changing the question does not change them (they keep the old words). */
  onSave: (draft: QuestionDraft) => void;
  onClose: () => void;
};

/** Adds or edits one question: its kind, words, options (one per line) and whether it is required. */
export function QuestionForm({ initial, title, busy, onSave, onClose }: Props) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  const set = (change: Partial<QuestionDraft>) => setDraft((old) => ({ ...old, ...change }));
  const save = () => {
    const found = draftProblems(draft);
    setProblems(found);
    if (!found.label && !found.options) onSave(draft);
  };
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4">
      <p className="font-medium">{title}</p>
      <FormField label={t`Kind of answer`}>
        <Select value={draft.kind} onChange={(e) => set({ kind: e.target.value as QuestionKind })}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {t(k.label)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t`Question`} error={problems.label}
        hint={draft.kind === "checkbox" ? t`Shown beside the box, e.g. "I accept the house rules".` : undefined}>
        <Input value={draft.label} maxLength={200} onChange={(e) => set({ label: e.target.value })} />
      </FormField>
      {hasOptions(draft.kind) && (
        <FormField label={t`Options`} error={problems.options} hint={t`One per line, 2 to 20.`}>
          <Textarea value={draft.optionsText} rows={4} onChange={(e) => set({ optionsText: e.target.value })} />
        </FormField>
      )}
      <CheckboxField label={t`Required`} hint={t`People can't RSVP without answering it.`} checked={draft.required}
        onChange={(e) => set({ required: e.target.checked })} />
      <FormField label={t`Asked`} hint={t`For events that sell tickets; an RSVP answers once.`}>
        <Select value={draft.askedPer ?? "order"} onChange={(e) => set({ askedPer: e.target.value as "order" | "ticket" })}>
          <option value="order">{t`Once per order`}</option>
          <option value="ticket">{t`For each ticket (e.g. each attendee's name)`}</option>
        </Select>
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={save} disabled={busy}>
          <Trans>Save question</Trans>
        </Button>
        <Button type="button" variant="ghost" onClick={onClose} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
