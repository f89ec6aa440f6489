import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelativeTime } from "@/lib/i18n/format";
import { blockMember, markRead, messageKeys, reportMessage, sendMessage, threadOptions, type ConversationSummary } from "../api/messages-api";
import { messageError } from "../message-errors";
import { MessageForm } from "./message-form";

type Props = { userId: string; conversation: ConversationSummary };

/** One conversation: the messages (live), "Seen" under the last one the other person read, block and report. */
export function ConversationThread({ userId, conversation }: Props) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(threadOptions(userId, conversation.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
  const send = useMutation({
    mutationFn: (body: string) => sendMessage(conversation.other_id, body),
    onError: (error) => toast.error(messageError(error)),
    onSettled: refresh,
  });
  const block = useMutation({
    mutationFn: () => blockMember(conversation.other_id),
    onSuccess: () => {
      toast.success(t`${conversation.other_display_name} is blocked: neither of you sees this conversation, and they cannot message you.`);
      void refresh();
      void navigate("/messages");
    },
    onError: (error) => toast.error(messageError(error)),
  });
  const report = useMutation({
    mutationFn: (id: string) => reportMessage(id, "Reported from a private conversation"),
    onSuccess: () => toast.success(t`Thanks. An admin will look at this message.`),
    onError: (error) => toast.error(messageError(error)),
  });

  // What arrives while the conversation is open is read at once (the sender sees "Seen").
  const unread = query.data?.some((m) => m.recipient_id === userId && !m.read_at) ?? false;
  useEffect(() => {
    if (unread) void markRead(conversation.id).then(refresh, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, conversation.id]);

  // The newest message in view: the list scrolls to its end as messages arrive.
  const list = useRef<HTMLOListElement>(null);
  const count = query.data?.length ?? 0;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  const messages = query.data ?? [];
  const lastMine = [...messages].reverse().find((m) => m.sender_id === userId);
  return (
    <section aria-labelledby="conversation-title" className="flex min-w-0 flex-col gap-3">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="conversation-title" className="text-xl font-semibold break-words">
          <Link to={`/u/${conversation.other_username}`} className="underline-offset-2 hover:underline">
            {conversation.other_display_name}
          </Link>
        </h2>
        <Button size="sm" variant="outline" disabled={block.isPending}
          onClick={() => {
            if (window.confirm(t`Block ${conversation.other_display_name}? They won't be able to message you.`)) block.mutate();
          }}>
          <Trans>Block</Trans>
        </Button>
      </header>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <LoadError title={t`Couldn't load this conversation.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ol ref={list} aria-label={t`Messages`} aria-live="polite" className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto rounded-xl border border-border p-3" tabIndex={0}>
          {messages.map((m) => {
            const mine = m.sender_id === userId;
            return (
              <li key={m.id} className={`flex max-w-[85%] flex-col gap-1 ${mine ? "self-end items-end" : "self-start items-start"}`}>
                <p className={`whitespace-pre-line break-words rounded-2xl px-3 py-2 ${mine ? "bg-brand-700 text-white" : "bg-muted"}`}>{m.body}</p>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={m.created_at}>{formatRelativeTime(m.created_at) ?? new Date(m.created_at).toLocaleString()}</time>
                  {mine && m.id === lastMine?.id && m.read_at && (
                    <span>
                      <Trans>Seen</Trans>
                    </span>
                  )}
                  {!mine && (
                    <button type="button" className="underline underline-offset-2" disabled={report.isPending}
                      onClick={() => {
                        if (window.confirm(t`Report this message to the admins? They will read it.`)) report.mutate(m.id);
                      }}>
                      <Trans>Report</Trans>
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <MessageForm busy={send.isPending} onSend={(body) => send.mutateAsync(body)} />
    </section>
  );
}
