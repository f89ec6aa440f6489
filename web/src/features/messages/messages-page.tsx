import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { LoadError, SectionsSkeleton } from "@/components/page-states";
import { RequireAuth } from "@/lib/auth/require-auth";
import { useSession } from "@/lib/auth/session-context";
import { usePageTitle } from "@/lib/use-page-title";
import { conversationsOptions } from "./api/messages-api";
import { AnyoneSetting } from "./components/anyone-setting";
import { ConversationList } from "./components/conversation-list";
import { ConversationThread } from "./components/conversation-thread";
import { HostMessageReply } from "./components/host-message-reply";
import { NewConversation } from "./components/new-conversation";
import { useLiveMessages } from "./hooks/use-live-messages";

/** /messages — private conversations: ?c=<conversation> opens one, ?to=<member> starts one, ?about=<host message> answers a host. */
export function MessagesPage() {
  return (
    <RequireAuth>
      <Messages />
    </RequireAuth>
  );
}

function Messages() {
  const { t } = useLingui();
  usePageTitle(t`Messages`);
  const { user } = useSession();
  const userId = user!.id; // RequireAuth renders this only when signed in
  const [params] = useSearchParams();
  const list = useQuery(conversationsOptions(userId));
  useLiveMessages(userId);
  const openId = params.get("c");
  const to = params.get("to");
  const about = params.get("about");
  const existing = list.data?.find((c) => c.id === openId || (to && c.other_id === to)) ?? null;
  const showingOne = Boolean(openId || to || about);

  if (list.isPending) return <SectionsSkeleton label={t`Loading your messages…`} sections={2} />;
  if (list.isError) return <LoadError title={t`Couldn't load your messages.`} error={list.error} onRetry={() => void list.refetch()} />;

  let pane = null;
  if (about && !to) pane = <HostMessageReply userId={userId} messageId={about} />;
  else if (existing) pane = <ConversationThread key={existing.id} userId={userId} conversation={existing} />;
  else if (to) pane = <NewConversation userId={userId} personId={to} about={about} />;
  else if (openId) pane = <p className="text-muted-foreground"><Trans>This conversation is not available.</Trans></p>;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Messages</Trans>
      </h1>
      <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <div className={`flex min-w-0 flex-col gap-4 ${showingOne ? "hidden md:flex" : ""}`}>
          <ConversationList conversations={list.data} openId={existing?.id ?? null} userId={userId} />
          <AnyoneSetting userId={userId} />
        </div>
        <div className={`flex min-w-0 flex-col gap-3 ${showingOne ? "" : "hidden md:flex"}`}>
          {showingOne && (
            <Link to="/messages" className="inline-flex items-center gap-1 text-sm underline-offset-2 hover:underline md:hidden">
              <ArrowLeft aria-hidden="true" className="size-4" />
              <Trans>All conversations</Trans>
            </Link>
          )}
          {pane ?? (
            <p className="text-muted-foreground">
              <Trans>Choose a conversation.</Trans>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
