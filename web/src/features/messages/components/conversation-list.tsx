import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { formatRelativeTime } from "@/lib/i18n/format";
import type { ConversationSummary } from "../api/messages-api";

/** The member's conversations: who, the last words, when, and how many are unread. */
export function ConversationList({ conversations, openId, userId }: { conversations: ConversationSummary[]; openId: string | null; userId: string }) {
  const { t } = useLingui();
  if (conversations.length === 0) {
    return (
      <p className="text-muted-foreground">
        <Trans>No messages yet. Open a member's profile and press Message to start a conversation.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
      {conversations.map((c) => {
        const mine = c.last_sender_id === userId;
        return (
          <li key={c.id}>
            <Link
              to={`/messages?c=${c.id}`}
              aria-current={c.id === openId ? "page" : undefined}
              className={`flex items-center gap-3 p-3 hover:bg-muted/50 ${c.id === openId ? "bg-muted" : ""}`}
            >
              <Avatar person={{ display_name: c.other_display_name, avatar_path: c.other_avatar_path }} className="size-10 shrink-0" px={40} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-center justify-between gap-2">
                  <span className={`min-w-0 truncate ${c.unread > 0 ? "font-semibold" : "font-medium"}`}>{c.other_display_name}</span>
                  <time dateTime={c.last_message_at} className="shrink-0 text-xs text-muted-foreground">
                    {formatRelativeTime(c.last_message_at) ?? new Date(c.last_message_at).toLocaleDateString()}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate text-sm text-muted-foreground">
                    {mine ? t`You: ${c.last_body ?? ""}` : (c.last_body ?? "")}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                      <span aria-hidden="true">{c.unread}</span>
                      <span className="sr-only">{t`${c.unread} unread`}</span>
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
