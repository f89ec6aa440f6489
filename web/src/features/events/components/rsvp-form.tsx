import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatNumber } from "@/lib/i18n/format";
import { answerProblems, answersPayload, startingDraft, type AnswerDraft, type EventQuestion, type StoredValue } from "@/components/questions/answer-form";
import { QuestionFields } from "@/components/questions/question-fields";

export type RefusedAnswer = { questionId: string; message: string };

type Props = {
  plusOnesMax: number;
  /** undefined while they load: the button waits, or a required question would be refused. */
  questions: EventQuestion[] | undefined;
  label: string;
  busy: boolean;
  /** The database refused an answer (its message, on that question's field). */
  refused?: RefusedAnswer | null;
  onRsvp: (guests: number, answers: Record<string, StoredValue> | undefined) => void;
};

/** Guests and the event's questions, asked on the same screen before the RSVP is sent. */
export function RsvpForm({ plusOnesMax, questions, label, busy, refused, onRsvp }: Props) {
  const { t } = useLingui();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [guests, setGuests] = useState(0);
  const [edits, setEdits] = useState<AnswerDraft>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [focusTick, setFocusTick] = useState(0);
  const list = questions ?? [];
  const draft = { ...startingDraft(list), ...edits };

  useEffect(() => {
    if (refused) {
      setProblems((old) => ({ ...old, [refused.questionId]: refused.message }));
      setFocusTick((n) => n + 1);
    }
  }, [refused]);
  useEffect(() => {
    // After a refused RSVP, the first field to fix gets the focus (and its message is read out).
    if (focusTick) box.current?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"], fieldset[aria-invalid="true"] input')?.focus();
  }, [focusTick]);

  const submit = () => {
    const found = answerProblems(list, draft);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    onRsvp(guests, list.length > 0 ? answersPayload(list, draft) : undefined);
  };

  return (
    <div ref={box} className="flex flex-col gap-4">
      {plusOnesMax > 0 && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-guests`}>
            <Trans>Guests you're bringing</Trans>
          </Label>
          <Select id={`${id}-guests`} value={guests} onChange={(e) => setGuests(Number(e.target.value))}>
            {Array.from({ length: plusOnesMax + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? t`Just me` : `+${formatNumber(n)}`}
              </option>
            ))}
          </Select>
        </div>
      )}
      {list.length > 0 && (
        <QuestionFields
          questions={list}
          draft={draft}
          problems={problems}
          disabled={busy}
          onChange={(qid, value) => {
            setEdits((old) => ({ ...old, [qid]: value }));
            setProblems(({ [qid]: _fixed, ...rest }) => rest);
          }}
        />
      )}
      <Button onClick={submit} disabled={busy || questions === undefined}>
        {label}
      </Button>
      {/* Said before answering: the hosts' guest list export carries it (issue 32). */}
      <p className="text-xs text-muted-foreground">
        <Trans>The hosts see your name and email address.</Trans>
      </p>
    </div>
  );
}
