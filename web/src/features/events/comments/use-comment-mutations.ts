import { t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { track } from "@/lib/analytics";
import { errorMessage } from "@/lib/errors";
import { eventKeys } from "../api/event-keys";
import { useEventLive } from "../live/event-live-context";
import { upsertComment } from "./comment-cache";
import { postComment, updateComment, type EventComment } from "./comments-api";

/**
 * Post, edit, delete, hide and restore. Each writes the database's answer into the cache at
 * once (realtime echoes it later; the cache de-duplicates by id). Posting and editing reject so
 * the form can show the database's message beside the field; the others toast.
 */
export function useCommentMutations(eventId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const live = useEventLive();
  const key = eventKeys.comments(eventId, userId);
  const put = (comment: EventComment) =>
    queryClient.setQueryData<EventComment[]>(key, (old) => (old ? upsertComment(old, comment) : old));
  const fail = (error: unknown) => toast.error(errorMessage(error));

  const post = useMutation({
    mutationFn: ({ body, parentId }: { body: string; parentId: string | null }) => {
      if (!userId) throw new Error(t`Sign in to comment.`);
      return postComment({ eventId, authorId: userId, parentId, body });
    },
    onSuccess: (comment) => {
      put(comment);
      live?.stopTyping();
      track({ event: "comment_posted", event_id: eventId });
      toast.success(comment.parent_id ? t`Reply posted` : t`Comment posted`);
    },
  });

  const edit = useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => updateComment(id, { body }),
    onSuccess: (comment) => {
      put(comment);
      live?.stopTyping();
      toast.success(t`Comment updated`);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => updateComment(id, { deleted_at: new Date().toISOString() }),
    onSuccess: (comment) => {
      put(comment);
      toast.success(t`Comment deleted`);
    },
    onError: fail,
  });

  const setHidden = useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      updateComment(id, { hidden_at: hidden ? new Date().toISOString() : null }),
    onSuccess: (comment, { hidden }) => {
      put(comment);
      // Others may not receive this UPDATE at all (the row is now invisible to them): tell them.
      if (hidden) live?.announceHidden(comment.id);
      toast.success(hidden ? t`Comment hidden. Other viewers no longer see it.` : t`Comment restored`);
    },
    onError: fail,
  });

  return { post, edit, remove, setHidden };
}
