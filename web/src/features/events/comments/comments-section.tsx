import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useIsAdmin } from "@/lib/auth/is-admin";
import { signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { formatNumber } from "@/lib/i18n/format";
import type { EventDetail } from "../api/get-event";
import { useEventLive } from "../live/event-live-context";
import { TypingIndicator, ViewersCount } from "../live/live-indicators";
import { countComments, threadComments } from "./comment-cache";
import { CommentForm } from "./comment-form";
import { canModerate } from "./comment-permissions";
import { CommentThreadView } from "./comment-thread";
import { commentsOptions } from "./comments-api";
import { useCommentMutations } from "./use-comment-mutations";

/** "5 minutes ago" moves on by itself. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Live comments on an event page: the list (oldest first, one level of replies), the post form,
 * and who else is here and typing. Loaded lazily, after the event itself.
 */
export function CommentsSection({ event }: { event: Pick<EventDetail, "id" | "slug" | "host_id" | "event_hosts"> }) {
  const { t } = useLingui();
  const { user, status } = useSession();
  const isAdmin = useIsAdmin();
  const live = useEventLive();
  const now = useNow(60_000);
  const query = useQuery({ ...commentsOptions(event.id, user?.id), enabled: status !== "loading" });
  const mutations = useCommentMutations(event.id, user?.id);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const threads = useMemo(() => threadComments(query.data ?? []), [query.data]);
  const viewer = { userId: user?.id, canModerate: canModerate(event, user?.id, isAdmin), now };
  const onTyping = live ? () => live.sendTyping() : undefined;
  const count = query.data ? countComments(query.data) : null;

  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="comments-heading" tabIndex={-1} className="text-xl font-semibold">
          <Trans>Comments</Trans>
          {count ? <span className="ms-2 text-base font-normal text-muted-foreground">({formatNumber(count)})</span> : null}
        </h2>
        <ViewersCount />
      </div>

      {query.isPending ? (
        <CommentsSkeleton />
      ) : query.isError ? (
        <LoadError title={t`Couldn't load the comments.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : threads.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <MessageSquare aria-hidden="true" className="size-5" />
          {user ? <Trans>No comments yet. Start the conversation.</Trans> : <Trans>No comments yet.</Trans>}
        </p>
      ) : (
        <ol className="flex flex-col gap-5" aria-label={t`Comments`}>
          {threads.map((thread) => (
            <CommentThreadView
              key={thread.comment?.id ?? `orphans-${thread.replies[0]?.parent_id}`}
              thread={thread}
              viewer={viewer}
              mutations={mutations}
              replying={Boolean(thread.comment && replyTo === thread.comment.id)}
              onReply={setReplyTo}
              onTyping={onTyping}
            />
          ))}
        </ol>
      )}

      <TypingIndicator />

      {user ? (
        <CommentForm
          label={t`Add a comment`}
          submitLabel={t`Post comment`}
          onTyping={onTyping}
          onSubmit={(body) => mutations.post.mutateAsync({ body, parentId: null })}
        />
      ) : status === "loading" ? null : (
        <p className="text-sm">
          <Link
            to={signInPathFor(`/events/${event.slug}`)}
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            <Trans>Sign in to comment</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}

function CommentsSkeleton() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-4">
      <Spinner className="sr-only" label={t`Loading comments…`} />
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

export default CommentsSection;
