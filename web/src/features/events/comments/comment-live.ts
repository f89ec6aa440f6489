import type { QueryClient } from "@tanstack/react-query";
import { eventKeys } from "../api/event-keys";
import { applyCommentChange, removeComment, upsertComment, type CommentChange } from "./comment-cache";
import { getComment, type EventComment } from "./comments-api";

/**
 * Keeps one event's cached comments in step with the live channel. Changes go straight into
 * the cache; anything the change alone cannot settle (a new author's profile, a comment
 * someone says was hidden) is re-read from the database under the viewer's own rights.
 */
export function commentLiveUpdates(queryClient: QueryClient, eventId: string, userId: string | undefined) {
  const key = eventKeys.comments(eventId, userId);

  const update = (fn: (list: EventComment[]) => EventComment[]) => {
    // Not loaded yet: the first fetch will have it. Loading now: it may have missed it.
    if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    queryClient.setQueryData<EventComment[]>(key, (old) => (old ? fn(old) : old));
  };

  /** What the viewer may see of this comment now: shown, updated, or removed. */
  const recheck = async (id: string) => {
    try {
      const comment = await getComment(id);
      update((list) => (comment && comment.event_id === eventId ? upsertComment(list, comment) : removeComment(list, id)));
    } catch {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  return {
    onChange(change: CommentChange) {
      let fetchId: string | undefined;
      update((list) => {
        const result = applyCommentChange(list, change);
        fetchId = result.fetchId;
        return result.list;
      });
      if (fetchId) void recheck(fetchId);
    },
    /**
     * A broadcast says this comment was hidden. Anyone may send a broadcast, so it is only a
     * hint: the database answers whether this viewer still sees it.
     */
    onHidden(id: string) {
      if (typeof id === "string" && queryClient.getQueryData<EventComment[]>(key)?.some((c) => c.id === id)) void recheck(id);
    },
    /** After a reconnect: changes may have been missed. */
    refetch() {
      void queryClient.invalidateQueries({ queryKey: key });
    },
  };
}
