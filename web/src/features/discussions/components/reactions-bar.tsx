import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { addReaction, discussionKeys, REACTIONS, removeReaction, type ReactionRow } from "../api/discussions-api";
import { discussionError } from "../discussion-errors";

type Props = { groupId: string; threadId: string; replyId: string | null; reactions: ReactionRow[]; userId: string };

/** The six reactions under a post: a count each, pressed when the member chose it; a press toggles. */
export function ReactionsBar({ groupId, threadId, replyId, reactions, userId }: Props) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: async (emoji: string) => {
      const mine = reactions.find((r) => r.emoji === emoji && r.user_id === userId && r.reply_id === replyId);
      if (mine) await removeReaction(mine.id);
      else await addReaction(groupId, threadId, replyId, emoji);
    },
    onError: (error) => toast.error(discussionError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discussionKeys.all(groupId) }),
  });
  const here = reactions.filter((r) => r.reply_id === replyId);
  return (
    <div role="group" aria-label={t`Reactions`} className="flex flex-wrap gap-1">
      {REACTIONS.map((emoji) => {
        const count = here.filter((r) => r.emoji === emoji).length;
        const pressed = here.some((r) => r.emoji === emoji && r.user_id === userId);
        return (
          <button
            key={emoji}
            type="button"
            aria-pressed={pressed}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(emoji)}
            className={`inline-flex min-h-9 min-w-11 items-center justify-center gap-1 rounded-full border px-2 text-sm ${
              pressed ? "border-brand-700 bg-brand-50" : "border-border bg-card"
            } ${count === 0 && !pressed ? "opacity-80" : ""}`}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="sr-only">{t`React with ${emoji}`}</span>
            {count > 0 && <span>{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
