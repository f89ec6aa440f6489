import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CATEGORIES, categoryLabel } from "@/lib/categories";
import { interestErrorMessage } from "./interest-errors";
import { follow, followsOptions, recommendationKeys, unfollow, type Follow } from "./api/recommendations";
import { normalizeTopic, TOPIC_MAX } from "./topic";


/** What the member follows: categories (toggles) and topics (free words); hosts from their profile. */
export function InterestsPanel({ userId }: { userId: string }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const follows = useQuery(followsOptions(userId));
  const [topic, setTopic] = useState("");
  const [topicError, setTopicError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ f, on }: { f: Follow; on: boolean }) => (on ? follow(f) : unfollow(f)),
    onError: (error) => toast.error(t`Couldn't save what you follow.`, { description: interestErrorMessage(error) }),
    // The picks change with what is followed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendationKeys.all(userId) }),
  });
  const followed = (kind: Follow["kind"], value: string) => follows.data?.some((f) => f.kind === kind && f.value === value) ?? false;
  const topics = follows.data?.filter((f) => f.kind === "topic") ?? [];

  const addTopic = (e: FormEvent) => {
    e.preventDefault();
    const value = normalizeTopic(topic);
    if (value.length === 0 || value.length > TOPIC_MAX) {
      setTopicError(t`A topic is 1 to 30 characters long.`);
      return;
    }
    setTopicError(null);
    change.mutate(
      { f: { kind: "topic", value }, on: true },
      {
        onSuccess: () => {
          setTopic("");
          toast.success(t`You follow ${value}.`);
        },
      },
    );
  };

  return (
    <details className="rounded-xl border border-border p-4">
      <summary className="cursor-pointer font-medium">
        <Trans>Your interests</Trans>
      </summary>
      <div className="mt-4 flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Categories you follow</Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            {CATEGORIES.map((category) => {
              const on = followed("category", category);
              return (
                <Button
                  key={category}
                  type="button"
                  size="sm"
                  variant={on ? "default" : "outline"}
                  aria-pressed={on}
                  disabled={follows.isPending}
                  onClick={() => change.mutate({ f: { kind: "category", value: category }, on: !on })}
                >
                  {categoryLabel(category)}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <form onSubmit={addTopic} className="flex flex-col gap-2" noValidate>
          <label htmlFor={`${id}-topic`} className="text-sm font-medium">
            <Trans>Follow a topic</Trans>
          </label>
          <p id={`${id}-topic-help`} className="text-sm text-muted-foreground">
            <Trans>Topics are the words hosts put on their events and groups, such as "board games" or "jazz".</Trans>
          </p>
          <div className="flex gap-2">
            <Input
              id={`${id}-topic`}
              value={topic}
              maxLength={60}
              onChange={(e) => setTopic(e.target.value)}
              aria-invalid={topicError ? true : undefined}
              aria-describedby={topicError ? `${id}-topic-error` : `${id}-topic-help`}
            />
            <Button type="submit" variant="outline" disabled={change.isPending}>
              <Trans>Follow</Trans>
            </Button>
          </div>
          {topicError && (
            <p id={`${id}-topic-error`} className="text-sm text-red-700">
              {topicError}
            </p>
          )}
        </form>
        {topics.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t`Topics you follow`}>
            {topics.map((f) => {
              const name = f.value;
              return (
              <li key={f.value} className="inline-flex items-center gap-1 rounded-full border border-border py-1 ps-3 pe-1 text-sm">
                {f.value}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={t`Unfollow ${name}`}
                  onClick={() => change.mutate({ f, on: false })}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}
