import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Lock, Pin } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { discussionKeys, editReply, editThread, postReply, removeReply, removeThread, setThreadFlags, threadOptions } from "../api/discussions-api";
import { discussionError } from "../discussion-errors";
import { BodyEditor } from "./body-editor";
import { PostMeta } from "./post-meta";
import { ReactionsBar } from "./reactions-bar";

type Props = { groupId: string; threadId: string; userId: string; canManage: boolean; onBack: () => void };

/** One discussion: the opening post, its replies (live), reactions, and what the viewer may do. */
export function ThreadView({ groupId, threadId, userId, canManage, onBack }: Props) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(threadOptions(groupId, threadId));
  const [editing, setEditing] = useState<string | null>(null);
  const [reply, setReply] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: discussionKeys.all(groupId) });
  const loaded = query.isSuccess;
  // A notification's link names the very post (#reply-<id> or #thread-<id>, decision 0405): once
  // the thread is on screen, bring that post into view and give it focus for keyboard and
  // screen reader users.
  useEffect(() => {
    if (!loaded) return;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (!/^(reply|thread)-[0-9a-f-]+$/i.test(anchor)) return;
    const target = document.getElementById(anchor);
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [loaded]);
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onError: (error) => toast.error(discussionError(error)),
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: () => postReply(groupId, threadId, reply),
    onSuccess: () => setReply(""),
    onError: (error) => toast.error(discussionError(error)),
    onSettled: refresh,
  });

  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) return <LoadError title={t`Couldn't load this discussion.`} error={query.error} onRetry={() => void query.refetch()} />;
  const { thread, replies, reactions } = query.data;
  const back = (
    <Button variant="outline" size="sm" className="self-start" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      <Trans>All discussions</Trans>
    </Button>
  );
  if (!thread) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <p className="text-muted-foreground">
          <Trans>This discussion was removed.</Trans>
        </p>
      </div>
    );
  }
  const mine = thread.author_id === userId;
  const locked = Boolean(thread.locked_at);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reply.trim()) send.mutate();
  };

  return (
    <div className="flex flex-col gap-4">
      {back}
      <article aria-labelledby={`thread-${thread.id}`} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
        <h3 id={`thread-${thread.id}`} tabIndex={-1} className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
          {thread.pinned_at && <Pin role="img" aria-label={t`Pinned`} className="size-4 text-brand-700" />}
          {locked && <Lock role="img" aria-label={t`Locked`} className="size-4" />}
          {thread.title}
        </h3>
        <PostMeta author={thread.author} createdAt={thread.created_at} edited={Boolean(thread.edited_at)} />
        {editing === thread.id ? (
          <BodyEditor id={thread.id} initial={thread.body} busy={act.isPending} onCancel={() => setEditing(null)}
            onSave={(body) => act.mutate(() => editThread(thread.id, thread.title, body).then(() => setEditing(null)))} />
        ) : (
          <LazyMarkdown source={thread.body} headingOffset={3} />
        )}
        <ReactionsBar groupId={groupId} threadId={thread.id} replyId={null} reactions={reactions} userId={userId} />
        <div className="flex flex-wrap gap-2">
          {mine && editing !== thread.id && (
            <Button size="sm" variant="outline" onClick={() => setEditing(thread.id)}>
              <Trans>Edit</Trans>
            </Button>
          )}
          {canManage && (
            <>
              <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate(() => setThreadFlags(thread.id, { pinned: !thread.pinned_at }))}>
                {thread.pinned_at ? <Trans>Unpin</Trans> : <Trans>Pin</Trans>}
              </Button>
              <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate(() => setThreadFlags(thread.id, { locked: !locked }))}>
                {locked ? <Trans>Unlock</Trans> : <Trans>Lock</Trans>}
              </Button>
            </>
          )}
          {(mine || canManage) && (
            <Button size="sm" variant="outline" disabled={act.isPending}
              onClick={() => {
                if (window.confirm(t`Delete this discussion and its replies?`)) act.mutate(() => removeThread(thread.id).then(onBack));
              }}>
              <Trans>Delete</Trans>
            </Button>
          )}
        </div>
      </article>

      <section aria-label={t`Replies`} className="flex flex-col gap-3">
        {replies.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No replies yet.</Trans>
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {replies.map((r) => (
              <li key={r.id} id={`reply-${r.id}`} tabIndex={-1}
                className="flex scroll-mt-20 flex-col gap-2 rounded-xl border border-border p-3 target:border-brand-700">
                <PostMeta author={r.author} createdAt={r.created_at} edited={Boolean(r.edited_at)} />
                {editing === r.id ? (
                  <BodyEditor id={r.id} initial={r.body} busy={act.isPending} onCancel={() => setEditing(null)}
                    onSave={(body) => act.mutate(() => editReply(r.id, body).then(() => setEditing(null)))} />
                ) : (
                  <LazyMarkdown source={r.body} headingOffset={4} />
                )}
                <ReactionsBar groupId={groupId} threadId={thread.id} replyId={r.id} reactions={reactions} userId={userId} />
                <div className="flex flex-wrap gap-2">
                  {r.author_id === userId && editing !== r.id && (
                    <Button size="sm" variant="outline" onClick={() => setEditing(r.id)}>
                      <Trans>Edit</Trans>
                    </Button>
                  )}
                  {(r.author_id === userId || canManage) && (
                    <Button size="sm" variant="outline" disabled={act.isPending}
                      onClick={() => {
                        if (window.confirm(t`Delete this reply?`)) act.mutate(() => removeReply(r.id));
                      }}>
                      <Trans>Delete</Trans>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      {locked ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Lock aria-hidden="true" className="size-4" />
          <Trans>The organizers locked this discussion: no new replies.</Trans>
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <Label htmlFor="reply-body">
            <Trans>Your reply</Trans>
          </Label>
          <Textarea id="reply-body" rows={3} maxLength={10000} value={reply} onChange={(e) => setReply(e.target.value)} />
          <Button type="submit" className="self-start" disabled={send.isPending || !reply.trim()}>
            {send.isPending ? <Trans>Sending…</Trans> : <Trans>Reply</Trans>}
          </Button>
        </form>
      )}
    </div>
  );
}
