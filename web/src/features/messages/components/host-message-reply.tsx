import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { supabase } from "@/lib/supabase";
import { NewConversation } from "./new-conversation";

/** /messages?about=<host message>: the host's message, and a private answer to its sender. */
export function HostMessageReply({ userId, messageId }: { userId: string; messageId: string }) {
  const { t } = useLingui();
  const query = useQuery({
    queryKey: ["messages", userId, "host-message", messageId],
    queryFn: async () => {
      const { data, error } = await supabase.rpc("host_message_for_reply", { message_id: messageId });
      if (error) throw error;
      return data?.[0] ?? null;
    },
  });
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) return <LoadError title={t`Couldn't load this message.`} error={query.error} onRetry={() => void query.refetch()} />;
  const m = query.data;
  if (!m) {
    return (
      <p className="text-muted-foreground">
        <Trans>This message is not available.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <blockquote className="flex flex-col gap-1 rounded-xl border border-border bg-muted/40 p-4">
        <p className="text-sm text-muted-foreground">
          <Trans>
            {m.sender_name}, host of {m.event_title}
          </Trans>
        </p>
        <p className="font-semibold break-words">{m.subject}</p>
        <p className="whitespace-pre-line break-words">{m.body}</p>
      </blockquote>
      <NewConversation userId={userId} personId={m.sender_id} about={messageId} />
    </div>
  );
}
