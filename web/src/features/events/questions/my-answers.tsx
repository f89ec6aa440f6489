import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { eventKeys } from "../api/event-keys";
import { answerProblems, answersPayload, answerText, startingDraft, type AnswerDraft, type EventQuestion } from "@/components/questions/answer-form";
import { QuestionFields } from "@/components/questions/question-fields";
import { myAnswersOptions, refusedQuestionId, saveRsvpAnswers } from "./questions-api";

type Props = { eventId: string; startsAt: string; userId: string; questions: EventQuestion[]; now?: Date };

/** "Your answers" under an active RSVP, editable until the event starts (save_rsvp_answers). */
export function MyAnswers({ eventId, startsAt, userId, questions, now = new Date() }: Props) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const stored = useQuery(myAnswersOptions(eventId, userId));
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (answers: AnswerDraft) => saveRsvpAnswers(eventId, answersPayload(questions, answers)),
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKeys.myAnswers(eventId, userId), saved);
      setDraft(null);
      toast.success(t`Your answers are saved.`);
    },
    onError: (error) => {
      const questionId = refusedQuestionId(error);
      if (questionId) setProblems({ [questionId]: errorMessage(error) });
      else toast.error(errorMessage(error));
    },
  });
  if (questions.length === 0 || !stored.data) return null;
  const open = now < new Date(startsAt);

  if (draft) {
    const submit = () => {
      const found = answerProblems(questions, draft);
      setProblems(found);
      if (Object.keys(found).length === 0) save.mutate(draft);
    };
    return (
      <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          <Trans>Your answers</Trans>
        </h3>
        <QuestionFields questions={questions} draft={draft} problems={problems} disabled={save.isPending}
          onChange={(qid, value) => {
            setDraft({ ...draft, [qid]: value });
            setProblems(({ [qid]: _fixed, ...rest }) => rest);
          }} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} disabled={save.isPending}>
            <Trans>Save answers</Trans>
          </Button>
          <Button variant="ghost" onClick={() => setDraft(null)} disabled={save.isPending}>
            <Trans>Keep as they were</Trans>
          </Button>
        </div>
      </section>
    );
  }

  const yes = t({ message: "Yes", comment: "A ticked checkbox question's answer" });
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="text-base font-semibold">
        <Trans>Your answers</Trans>
      </h3>
      <dl className="flex flex-col gap-2 text-sm" data-testid="my-answers">
        {questions.map((q) => (
          <div key={q.id}>
            <dt className="font-medium">{q.label}</dt>
            <dd className="break-words text-muted-foreground">{answerText(stored.data[q.id], yes) || <Trans>No answer</Trans>}</dd>
          </div>
        ))}
      </dl>
      {open ? (
        <Button variant="outline" onClick={() => { setProblems({}); setDraft(startingDraft(questions, stored.data)); }}>
          <Trans>Edit answers</Trans>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Answers can no longer be changed: the event has started.</Trans>
        </p>
      )}
    </section>
  );
}
