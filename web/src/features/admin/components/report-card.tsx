import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, Check, Eye, EyeOff, UserCheck, X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatEventStart, viewerTimeZone } from "@/lib/datetime";
import type { QueueItem } from "../api/admin-api";
import type { useModeration } from "../hooks/use-moderation";
import { SuspendDialog } from "./suspend-dialog";

type Props = { item: QueueItem; actions: ReturnType<typeof useModeration> };

/** The words that depend on what was reported: a comment, an event or a group. */
function useTargetWords(item: QueueItem) {
  const { t } = useLingui();
  const type = item.target_type;
  const name = item.author_display_name ?? t`A former member`;
  return {
    name,
    kind: type === "event" ? t`Event` : type === "group" ? t`Group` : t`Comment`,
    hideLabel: item.hidden
      ? type === "event" ? t`Restore event` : type === "group" ? t`Restore group` : t`Restore comment`
      : type === "event" ? t`Hide event` : type === "group" ? t`Hide group` : t`Hide comment`,
    // The person responsible: a comment's author, an event's host, a group's creator.
    byline: type === "comment" ? t`Written by ${name}` : type === "group" ? t`Created by ${name}` : t`Hosted by ${name}`,
    suspendLabel: item.author_suspended
      ? type === "comment" ? t`Restore author` : type === "group" ? t`Restore organizer` : t`Restore host`
      : type === "comment" ? t`Suspend author` : type === "group" ? t`Suspend organizer` : t`Suspend host`,
  };
}

function ReportedTitle({ item }: { item: QueueItem }) {
  const link = "text-brand-700 underline-offset-4 hover:underline";
  if (item.target_type === "group") {
    return item.group_slug ? (
      <Link to={`/g/${item.group_slug}`} className={link}>
        {item.group_name}
      </Link>
    ) : (
      <Trans>Deleted group</Trans>
    );
  }
  return item.event_slug ? (
    <Link to={`/events/${item.event_slug}`} className={link}>
      {item.event_title}
    </Link>
  ) : (
    <Trans>Deleted event</Trans>
  );
}

/** One reported comment, event or group: what it says, who reported it and why, and the decisions. */
export function ReportCard({ item, actions }: Props) {
  const { t } = useLingui();
  const { hide, resolve, suspend } = actions;
  const words = useTargetWords(item);
  const busy = hide.isPending || resolve.isPending;
  const zone = viewerTimeZone();
  const firstReported = formatEventStart(item.first_reported_at, zone);

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="brand" size="md">
          {words.kind}
        </Badge>
        <span className="font-medium">{plural(item.report_count, { one: "# report", other: "# reports" })}</span>
        {item.hidden && (
          <Badge tone="warning" size="md">
            <Trans>Hidden</Trans>
          </Badge>
        )}
        <span className="text-muted-foreground">
          <Trans>First reported {firstReported}</Trans>
        </span>
      </div>
      <h3 id={`report-${item.report_id}`} className="font-semibold">
        <ReportedTitle item={item} />
      </h3>
      {item.target_type === "comment" &&
        (item.target_missing || item.comment_body === null ? (
          <p className="text-sm italic text-muted-foreground">
            <Trans>The comment was deleted.</Trans>
          </p>
        ) : (
          <blockquote className="whitespace-pre-line break-words border-s-4 border-border ps-3 text-sm">{item.comment_body}</blockquote>
        ))}
      <p className="text-sm text-muted-foreground">
        {words.byline}
        {item.author_username && ` (@${item.author_username})`}
        {item.author_suspended && (
          <span className="font-medium text-red-800">
            {" · "}
            <Trans>suspended</Trans>
          </span>
        )}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium">
          <Trans>Why it was reported</Trans>
        </summary>
        <ul className="mt-2 flex flex-col gap-1">
          {item.reasons.map((reason, i) => (
            <li key={i} className="break-words">
              <span className="text-muted-foreground">{item.reporters[i] ? `@${item.reporters[i]}` : t`a former member`}:</span> {reason}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">
        {!item.target_missing && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => hide.mutate({ item, hidden: !item.hidden })}>
            {item.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {words.hideLabel}
          </Button>
        )}
        <Button size="sm" disabled={busy} onClick={() => resolve.mutate({ item, status: "resolved" })}>
          <Check aria-hidden="true" />
          <Trans>Resolve</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => resolve.mutate({ item, status: "dismissed" })}>
          <X aria-hidden="true" />
          <Trans>Dismiss</Trans>
        </Button>
        {item.author_id && (
          <SuspendDialog
            name={words.name}
            suspend={!item.author_suspended}
            busy={suspend.isPending}
            onConfirm={(reason) =>
              suspend.mutateAsync({ userId: item.author_id!, name: words.name, suspended: !item.author_suspended, reason })
            }
            trigger={
              <Button size="sm" variant="outline" className={item.author_suspended ? undefined : "text-red-800"}>
                {item.author_suspended ? <UserCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
                {words.suspendLabel}
              </Button>
            }
          />
        )}
      </div>
    </li>
  );
}
