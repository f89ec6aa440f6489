import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Skeleton } from "@/components/ui/skeleton";
import { messageKeys, personOptions, sendMessage } from "../api/messages-api";
import { messageError } from "../message-errors";
import { MessageForm } from "./message-form";

/**
 * A first message to someone (/messages?to=<id>); `about`: the host's message being answered,
 * which lets the answer through to the host without a shared group.
 */
export function NewConversation({ userId, personId, about }: { userId: string; personId: string; about: string | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(personOptions(userId, personId));
  const send = useMutation({
    mutationFn: (body: string) => sendMessage(personId, body, about ?? undefined),
    onSuccess: (conversationId) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all(userId) });
      void navigate(`/messages?c=${conversationId}`, { replace: true });
    },
    onError: (error) => toast.error(messageError(error)),
  });
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) return <LoadError title={t`Couldn't load this member.`} error={query.error} onRetry={() => void query.refetch()} />;
  const { person, allowed } = query.data;
  if (!person) {
    return (
      <p className="text-muted-foreground">
        <Trans>This member doesn't exist.</Trans>
      </p>
    );
  }
  return (
    <section aria-labelledby="conversation-title" className="flex flex-col gap-3">
      <h2 id="conversation-title" className="text-xl font-semibold break-words">
        <Trans>New message to {person.display_name}</Trans>
      </h2>
      {allowed || about ? (
        <MessageForm busy={send.isPending} onSend={(body) => send.mutateAsync(body)} />
      ) : (
        <p className="text-muted-foreground">
          <Trans>You can message members who share a group or an event with you, or who accept messages from anyone.</Trans>
        </p>
      )}
    </section>
  );
}
