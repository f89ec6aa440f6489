import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { cn } from "@/lib/utils";
import type { AppNotification } from "../api/notifications-api";
import { notificationHref, notificationText } from "../notification-text";
import { timeAgo } from "../time-ago";

type Props = {
  query: UseQueryResult<AppNotification[]>;
  onRead: (id: string) => void;
  onNavigate: () => void;
};

/** The popover's body: latest first, unread ones marked, each leading to its event. */
export function NotificationList({ query, onRead, onNavigate }: Props) {
  const { t } = useLingui();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-2 p-4" aria-busy="true" aria-label={t`Loading notifications`}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-4 text-sm">
        <p>
          <Trans>Couldn't load your notifications.</Trans> {errorMessage(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="p-6 text-center text-sm text-muted-foreground">
        <Trans>You're all caught up. News about your events and groups shows up here.</Trans>
      </p>
    );
  }
  return (
    <ul className="overflow-y-auto" aria-label={t`Latest notifications`}>
      {query.data.map((n) => {
        const unread = !n.read_at;
        const text = notificationText(n);
        const href = notificationHref(n);
        const body = (
          <>
            <span className={cn("block text-sm", unread && "font-semibold")}>{text}</span>
            <span className="block text-xs text-muted-foreground">
              {unread && <span className="sr-only">
                  <Trans>Unread.</Trans>{" "}
                </span>}
              {timeAgo(n.created_at)}
            </span>
          </>
        );
        return (
          <li key={n.id} className={cn("flex items-start gap-2 border-b border-border px-4 py-3 last:border-0", unread && "bg-secondary/60")}>
            {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-700" />}
            {href ? (
              <Link
                to={href}
                className="min-w-0 flex-1 rounded-sm hover:underline"
                onClick={() => {
                  if (unread) onRead(n.id);
                  onNavigate();
                }}
              >
                {body}
              </Link>
            ) : (
              <div className="min-w-0 flex-1">{body}</div>
            )}
            {unread && (
              <Button variant="ghost" size="icon" className="size-8 shrink-0" onClick={() => onRead(n.id)} aria-label={t`Mark as read: ${text}`}>
                <Check aria-hidden="true" />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
