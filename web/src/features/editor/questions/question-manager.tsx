import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { queryRoots } from "@/lib/query-keys";
import { editorKeys } from "../api/editor-keys";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EditorSection } from "../components/editor-section";
import { QuestionForm } from "./question-form";
import { draftOf, KINDS, MAX_QUESTIONS, moved, newDraft, questionRow, type Question, type QuestionDraft } from "./question-rules";
import { addQuestion, applyQuestionsToFollowing, deleteQuestion, questionsOptions, reorderQuestions, updateQuestion } from "./questions-api";
import { QuestionScope, type QuestionScopeValue } from "./question-scope";

type Change =
  | { type: "add"; draft: QuestionDraft }
  | { type: "edit"; id: string; draft: QuestionDraft }
  | { type: "delete"; id: string }
  | { type: "order"; ids: string[] }
  /** Only the later dates: they take this date's questions as they are. */
  | { type: "apply" };

/**
 * "Registration questions": up to 10, asked when people RSVP. Each change is written at once
 * (not with the event's Save), by the event's team under RLS. On a date of a series, each change
 * is for this date or, as chosen, this and the following dates (decision 0126).
 */
export function QuestionManager({ eventId, locked, inSeries = false }: { eventId: string; locked: boolean; inSeries?: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = editorKeys.questions(eventId);
  const query = useQuery(questionsOptions(eventId));
  const [editing, setEditing] = useState<"new" | string | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [scope, setScope] = useState<QuestionScopeValue>("this");
  const following = inSeries && scope === "following";
  const write = useMutation({
    mutationFn: async (change: Change) => {
      if (change.type === "add") await addQuestion(eventId, questionRow(change.draft));
      else if (change.type === "edit") await updateQuestion(change.id, questionRow(change.draft));
      else if (change.type === "delete") await deleteQuestion(change.id);
      else if (change.type === "order") await reorderQuestions(eventId, change.ids);
      // The date first (RLS), then the later dates take its questions as they now are.
      if (following) await applyQuestionsToFollowing(eventId);
    },
    onMutate: (change) => {
      // A move shows at once; the database's order replaces it when it answers.
      if (change.type === "order") {
        queryClient.setQueryData<Question[]>(key, (old) => old && change.ids.map((id) => old.find((q) => q.id === id)!).filter(Boolean));
      }
    },
    onSuccess: (_r, change) => {
      setEditing(null);
      setDeleting(null);
      if (change.type === "add") toast.success(following ? t`Question added to this date and the following ones.` : t`Question added.`);
      else if (change.type === "edit") toast.success(following ? t`Question saved for this date and the following ones.` : t`Question saved.`);
      else if (change.type === "delete") toast.success(following ? t`Question deleted from this date and the following ones.` : t`Question deleted.`);
      else if (change.type === "apply") toast.success(t`The following dates now ask these questions.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      // The event page asks the questions: mark it stale, without refetching every event now.
      void queryClient.invalidateQueries({ queryKey: queryRoots.events, refetchType: "none" });
    },
  });

  const questions = query.data ?? [];
  const ids = questions.map((q) => q.id);
  const busy = write.isPending;
  const kindName = (q: Question) => t(KINDS.find((k) => k.kind === q.kind)!.label);
  return (
    <EditorSection title={t`Registration questions`}
      intro={t`Asked when people RSVP, at most ${MAX_QUESTIONS}. Answers show in the guest list and its CSV. Changes are saved at once.`}>
      {inSeries && (
        <QuestionScope value={scope} onChange={setScope} disabled={busy || locked}
          onApplyNow={() => write.mutate({ type: "apply" })} />
      )}
      {query.isPending ? (
        <Spinner label={t`Loading questions…`} />
      ) : query.isError ? (
        <p className="text-sm text-red-700">{errorMessage(query.error)}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t`Questions, in the order they are asked`}>
          {questions.map((q, i) =>
            editing === q.id ? (
              <li key={q.id}>
                <QuestionForm initial={draftOf(q)} title={t`Edit question ${i + 1}`} busy={busy}
                  onSave={(draft) => write.mutate({ type: "edit", id: q.id, draft })} onClose={() => setEditing(null)} />
              </li>
            ) : (
              <li key={q.id} className="flex flex-wrap items-start gap-2 rounded-lg border border-border p-3">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">{i + 1}. {q.label}</p>
                  <p className="text-sm text-muted-foreground">
                    {kindName(q)} · {q.required ? <Trans>Required</Trans> : <Trans>Optional</Trans>}
                    {q.options && ` · ${q.options.join(", ")}`}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button type="button" size="icon" variant="ghost" aria-label={t`Move "${q.label}" up`} disabled={busy || locked || i === 0}
                    onClick={() => write.mutate({ type: "order", ids: moved(ids, q.id, -1) })}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button type="button" size="icon" variant="ghost" aria-label={t`Move "${q.label}" down`} disabled={busy || locked || i === questions.length - 1}
                    onClick={() => write.mutate({ type: "order", ids: moved(ids, q.id, 1) })}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button type="button" size="icon" variant="ghost" aria-label={t`Edit "${q.label}"`} disabled={busy || locked} onClick={() => setEditing(q.id)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button type="button" size="icon" variant="ghost" aria-label={t`Delete "${q.label}"`} disabled={busy || locked} onClick={() => setDeleting(q)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ),
          )}
        </ol>
      )}
      {editing === "new" ? (
        <QuestionForm initial={newDraft()} title={t`New question`} busy={busy}
          onSave={(draft) => write.mutate({ type: "add", draft })} onClose={() => setEditing(null)} />
      ) : questions.length < MAX_QUESTIONS ? (
        <Button type="button" variant="outline" className="self-start" disabled={busy || locked || query.isPending} onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          <Trans>Add a question</Trans>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>This event has the most questions it can have.</Trans>
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this question?`}
        description={t`People stop being asked it. Answers already given stay in the guest list.`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Keep editing`}
        busy={busy}
        onConfirm={() => deleting && write.mutate({ type: "delete", id: deleting.id })}
      />
    </EditorSection>
  );
}

/** Before the first save there is no event to hang questions on yet. */
export function QuestionsAfterFirstSave() {
  const { t } = useLingui();
  return (
    <EditorSection title={t`Registration questions`}>
      <p className="text-sm text-muted-foreground">
        <Trans>Save the event (a draft is enough) to add questions people answer when they RSVP.</Trans>
      </p>
    </EditorSection>
  );
}
