import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Lock, MessagesSquare, Pin } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelativeTime } from "@/lib/i18n/format";
import { threadsOptions } from "../api/discussions-api";
import type { GroupDiscussionsProps } from "../discussions";
import { useLiveDiscussions } from "../hooks/use-live-discussions";
import { NewThreadForm } from "./new-thread-form";
import { ThreadView } from "./thread-view";

/** The group page's "Discussions": the list of threads, a form to start one, and the open thread. */
export default function DiscussionsSection({ groupId, userId, canManage }: GroupDiscussionsProps) {
  const { t } = useLingui();
  const threads = useQuery(threadsOptions(groupId));
  // ?thread=<id> opens that thread (a mention's or a reply's link, decision 0405).
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => searchParams.get("thread"));
  const [writing, setWriting] = useState(false);
  useLiveDiscussions(groupId);

  let content;
  if (open) {
    content = <ThreadView groupId={groupId} threadId={open} userId={userId} canManage={canManage} onBack={() => setOpen(null)} />;
  } else if (threads.isPending) {
    content = <Skeleton className="h-24 w-full" />;
  } else if (threads.isError) {
    content = <LoadError title={t`Couldn't load the discussions.`} error={threads.error} onRetry={() => void threads.refetch()} />;
  } else {
    content = (
      <>
        {writing ? (
          <NewThreadForm groupId={groupId} onDone={(id) => { setWriting(false); if (id) setOpen(id); }} />
        ) : (
          <Button className="self-start" onClick={() => setWriting(true)}>
            <Trans>Start a discussion</Trans>
          </Button>
        )}
        {threads.data.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No discussions yet. Ask the group something!</Trans>
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {threads.data.map((th) => (
              <li key={th.id}>
                <button type="button" onClick={() => setOpen(th.id)} className="flex w-full flex-col gap-1 p-3 text-left hover:bg-muted/50">
                  <span className="flex items-center gap-2 font-medium break-words">
                    {th.pinned_at && <Pin role="img" aria-label={t`Pinned`} className="size-4 shrink-0 text-brand-700" />}
                    {th.locked_at && <Lock role="img" aria-label={t`Locked`} className="size-4 shrink-0" />}
                    {th.title}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {th.author?.display_name ?? t`Former member`} · {th.reply_count === 1 ? t`1 reply` : t`${th.reply_count} replies`} ·{" "}
                    {formatRelativeTime(th.last_activity_at) ?? new Date(th.last_activity_at).toLocaleDateString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="group-discussions" className="flex flex-col gap-3">
      <h2 id="group-discussions" className="flex items-center gap-2 text-xl font-semibold">
        <MessagesSquare aria-hidden="true" className="size-5 text-brand-700" />
        <Trans>Discussions</Trans>
      </h2>
      {content}
    </section>
  );
}
