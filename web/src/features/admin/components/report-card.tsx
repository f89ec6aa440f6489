import { Ban, Check, Eye, EyeOff, UserCheck, X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatEventStart, viewerTimeZone } from "@/lib/datetime";
import type { QueueItem } from "../api/admin-api";
import type { useModeration } from "../hooks/use-moderation";
import { SuspendDialog } from "./suspend-dialog";

type Props = { item: QueueItem; actions: ReturnType<typeof useModeration> };

/** One reported comment or event: what it says, who reported it and why, and the decisions. */
export function ReportCard({ item, actions }: Props) {
  const { hide, resolve, suspend } = actions;
  const kind = item.target_type === "event" ? "Event" : "Comment";
  const authorName = item.author_display_name ?? "A former member";
  const busy = hide.isPending || resolve.isPending;
  // The person responsible: a comment's author, an event's host.
  const who = item.target_type === "event" ? "host" : "author";
  const zone = viewerTimeZone();

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="brand" size="md">
          {kind}
        </Badge>
        <span className="font-medium">
          {item.report_count} {item.report_count === 1 ? "report" : "reports"}
        </span>
        {item.hidden && (
          <Badge tone="warning" size="md">
            Hidden
          </Badge>
        )}
        <span className="text-muted-foreground">First reported {formatEventStart(item.first_reported_at, zone)}</span>
      </div>
      <h3 id={`report-${item.report_id}`} className="font-semibold">
        {item.event_slug ? (
          <Link to={`/events/${item.event_slug}`} className="text-brand-700 underline-offset-4 hover:underline">
            {item.event_title}
          </Link>
        ) : (
          "Deleted event"
        )}
      </h3>
      {item.target_type === "comment" &&
        (item.target_missing || item.comment_body === null ? (
          <p className="text-sm italic text-muted-foreground">The comment was deleted.</p>
        ) : (
          <blockquote className="whitespace-pre-line break-words border-l-4 border-border pl-3 text-sm">{item.comment_body}</blockquote>
        ))}
      <p className="text-sm text-muted-foreground">
        {item.target_type === "comment" ? "Written by " : "Hosted by "}
        <span className="font-medium text-foreground">{authorName}</span>
        {item.author_username && ` (@${item.author_username})`}
        {item.author_suspended && <span className="font-medium text-red-800"> · suspended</span>}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium">Why it was reported</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {item.reasons.map((reason, i) => (
            <li key={i} className="break-words">
              <span className="text-muted-foreground">@{item.reporters[i] ?? "former member"}:</span> {reason}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">
        {!item.target_missing && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => hide.mutate({ item, hidden: !item.hidden })}>
            {item.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {item.hidden ? `Restore ${kind.toLowerCase()}` : `Hide ${kind.toLowerCase()}`}
          </Button>
        )}
        <Button size="sm" disabled={busy} onClick={() => resolve.mutate({ item, status: "resolved" })}>
          <Check aria-hidden="true" />
          Resolve
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => resolve.mutate({ item, status: "dismissed" })}>
          <X aria-hidden="true" />
          Dismiss
        </Button>
        {item.author_id && (
          <SuspendDialog
            name={authorName}
            suspend={!item.author_suspended}
            busy={suspend.isPending}
            onConfirm={(reason) =>
              suspend.mutateAsync({ userId: item.author_id!, name: authorName, suspended: !item.author_suspended, reason })
            }
            trigger={
              <Button size="sm" variant="outline" className={item.author_suspended ? undefined : "text-red-800"}>
                {item.author_suspended ? <UserCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
                {item.author_suspended ? `Restore ${who}` : `Suspend ${who}`}
              </Button>
            }
          />
        )}
      </div>
    </li>
  );
}
