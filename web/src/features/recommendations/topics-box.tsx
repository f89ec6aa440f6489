import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Tags, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { interestErrorMessage } from "./interest-errors";
import { readTopics, saveTopics, topicsKey, type TopicsTarget } from "./api/topics";
import { normalizeTopic, TOPIC_MAX } from "./topic";

const TOPICS_MAX = 10;

/**
 * Topics for an event (its hosts) or a group (its organizers): the words members follow, which
 * bring the event to them in "For you" (decision 0341).
 */
export default function TopicsBox(target: TopicsTarget) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const key = topicsKey(target);
  const topics = useQuery({ queryKey: key, queryFn: () => readTopics(target) });
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (tags: string[]) => saveTopics(target, tags),
    onSuccess: (tags) => queryClient.setQueryData(key, tags),
    onError: (error) => toast.error(t`Couldn't save the topics.`, { description: interestErrorMessage(error) }),
  });
  const current = topics.data ?? [];

  const add = (e: FormEvent) => {
    e.preventDefault();
    const value = normalizeTopic(draft);
    if (value.length === 0 || value.length > TOPIC_MAX) return setProblem(t`A topic is 1 to 30 characters long.`);
    if (current.includes(value)) return setProblem(t`That topic is already there.`);
    if (current.length >= TOPICS_MAX) return setProblem(t`Add at most 10 topics.`);
    setProblem(null);
    save.mutate([...current, value], { onSuccess: () => setDraft("") });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold">
        <Tags aria-hidden="true" className="size-5" />
        <Trans>Topics</Trans>
      </h2>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {target.table === "events" ? (
          <Trans>Members who follow these topics see this event in For you.</Trans>
        ) : (
          <Trans>Members who follow these topics see the group's events in For you.</Trans>
        )}
      </p>
      {current.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Topics`}>
          {current.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full border border-border py-1 ps-3 pe-1 text-sm">
              {tag}
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={t`Remove topic ${tag}`}
                disabled={save.isPending}
                onClick={() => save.mutate(current.filter((x) => x !== tag))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex flex-col gap-2" noValidate>
        <label htmlFor={`${id}-topic`} className="text-sm font-medium">
          <Trans>Add a topic</Trans>
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-topic`}
            value={draft}
            maxLength={60}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-help`}
          />
          <Button type="submit" variant="outline" disabled={save.isPending || topics.isPending}>
            <Trans>Add</Trans>
          </Button>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
