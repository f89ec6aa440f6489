import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { AnswerDraft, DraftValue, EventQuestion } from "./answer-form";

type Props = {
  questions: EventQuestion[];
  draft: AnswerDraft;
  problems: Record<string, string>;
  onChange: (questionId: string, value: DraftValue) => void;
  disabled?: boolean;
};

/** The event's questions as form fields, in order; each says whether it must be answered. */
export function QuestionFields({ questions, draft, problems, onChange, disabled }: Props) {
  return (
    <div className="flex flex-col gap-4" data-testid="rsvp-questions">
      {questions.map((q) => (
        <QuestionField key={q.id} question={q} value={draft[q.id]} problem={problems[q.id]} disabled={disabled}
          onChange={(value) => onChange(q.id, value)} />
      ))}
    </div>
  );
}

type FieldProps = { question: EventQuestion; value: DraftValue | undefined; problem?: string; disabled?: boolean; onChange: (v: DraftValue) => void };

function QuestionField({ question: q, value, problem, disabled, onChange }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = problem ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  const text = typeof value === "string" ? value : "";
  const error = problem && (
    <p id={errorId} className="text-sm font-medium text-red-700">
      {problem}
    </p>
  );
  // The control is named by the question (and "(required)"/"(optional)") so a screen reader says both.
  const title = (
    <>
      {q.label} <span className="font-normal text-muted-foreground">{q.required ? <Trans>(required)</Trans> : <Trans>(optional)</Trans>}</span>
    </>
  );

  if (q.kind === "checkbox") {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" checked={value === true}
            required={q.required} disabled={disabled} onChange={(e) => onChange(e.target.checked)} {...invalid} />
          <Label htmlFor={id} className="leading-snug">{title}</Label>
        </div>
        {error}
      </div>
    );
  }
  if (q.kind === "single_choice" || q.kind === "multiple_choice") {
    const single = q.kind === "single_choice";
    const picked = Array.isArray(value) ? value : text ? [text] : [];
    return (
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={problem ? errorId : undefined}
        aria-invalid={problem ? true : undefined} aria-required={single && q.required ? true : undefined} role={single ? "radiogroup" : undefined}>
        <legend className="mb-1 text-sm font-medium leading-snug">{title}</legend>
        {(q.options ?? []).map((option, n) => (
          <div key={option} className="flex items-center gap-3">
            <input id={`${id}-${n}`} type={single ? "radio" : "checkbox"} name={id} value={option} disabled={disabled}
              className="size-5 shrink-0 accent-brand-700" checked={picked.includes(option)}
              onChange={(e) => onChange(single ? option : e.target.checked ? [...picked, option] : picked.filter((o) => o !== option))} />
            <Label htmlFor={`${id}-${n}`} className="font-normal leading-snug">{option}</Label>
          </div>
        ))}
        {error}
      </fieldset>
    );
  }
  const common = { id, value: text, required: q.required, disabled, onChange: (e: { target: { value: string } }) => onChange(e.target.value), ...invalid };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="leading-snug">{title}</Label>
      {q.kind === "long_text" ? (
        <Textarea {...common} maxLength={2000} className="min-h-20" />
      ) : q.kind === "number" ? (
        <Input {...common} inputMode="decimal" />
      ) : q.kind === "phone" ? (
        <Input {...common} type="tel" autoComplete="tel" />
      ) : (
        <Input {...common} maxLength={200} />
      )}
      {error}
    </div>
  );
}
