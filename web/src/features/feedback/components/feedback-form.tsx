import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { COMMENT_MAX, myFeedbackKey, myFeedbackOptions, saveFeedback } from "../api/feedback-api";
import { feedbackError } from "../feedback-errors";

/** 1–5 (radio buttons drawn as stars) and an optional comment; answered once, changed any time. */
export default function FeedbackForm({ eventId, userId }: { eventId: string; userId: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const mine = useQuery(myFeedbackOptions(eventId, userId));
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  // The saved answer fills the form once it arrives.
  useEffect(() => {
    if (mine.data) {
      setRating(mine.data.rating);
      setComment(mine.data.comment ?? "");
    }
  }, [mine.data]);

  const save = useMutation({
    mutationFn: () => saveFeedback(eventId, rating!, comment),
    onSuccess: () => {
      toast.success(mine.data ? t`Your feedback was updated. Thank you!` : t`Thanks for your feedback!`);
      void queryClient.invalidateQueries({ queryKey: myFeedbackKey(eventId, userId) });
    },
    onError: (e) => toast.error(feedbackError(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating === null) return setProblem(t`Choose a rating from 1 to 5.`);
    setProblem(null);
    save.mutate();
  };
  const labels = [t`1 star: poor`, t`2 stars: fair`, t`3 stars: good`, t`4 stars: very good`, t`5 stars: excellent`];

  return (
    <section id="feedback" aria-labelledby={`${id}-title`} className="flex scroll-mt-4 flex-col gap-3 rounded-lg border border-border p-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        <Trans>How was it?</Trans>
      </h2>
      {mine.isPending ? (
        <Spinner label={t`Loading your feedback…`} />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className="mb-2 text-sm font-medium">
              <Trans>Your rating</Trans>
            </legend>
            <div className="flex gap-1">
              {labels.map((label, i) => {
                const value = i + 1;
                const on = rating !== null && value <= rating;
                return (
                  <label key={value} className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                    {/* Transparent over its star: the star is what is clicked or tapped, the radio what is focused and read. */}
                    <input
                      type="radio"
                      name={`${id}-rating`}
                      value={value}
                      checked={rating === value}
                      onChange={() => setRating(value)}
                      className="absolute inset-0 size-full cursor-pointer opacity-0"
                    />
                    <Star aria-hidden="true" className={cn("size-8", on ? "fill-amber-400 text-amber-600" : "text-muted-foreground")} />
                    <span className="sr-only">{label}</span>
                  </label>
                );
              })}
            </div>
            {problem && (
              <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-comment`}>
              <Trans>Comment for the hosts (optional)</Trans>
            </Label>
            <Textarea id={`${id}-comment`} value={comment} maxLength={COMMENT_MAX} rows={3} onChange={(e) => setComment(e.target.value)} />
            <p className="text-sm text-muted-foreground">
              <Trans>Only the event's hosts read your answer.</Trans>
            </p>
          </div>
          <Button type="submit" disabled={save.isPending} className="self-start">
            {mine.data ? <Trans>Update feedback</Trans> : <Trans>Send feedback</Trans>}
          </Button>
        </form>
      )}
    </section>
  );
}
