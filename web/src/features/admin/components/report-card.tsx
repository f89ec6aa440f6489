import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, Check, Eye, EyeOff, UserCheck, X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatEventStart, viewerTimeZone } from "@/lib/datetime";
import { photoThumbnailUrl, type QueueItem } from "../api/admin-api";
import type { useModeration } from "../hooks/use-moderation";
import { SuspendDialog } from "./suspend-dialog";

type Props = { item: QueueItem; actions: ReturnType<typeof useModeration> };

/** The words that depend on what was reported: a comment, an event, a group, an album photo or a private message. */
function useTargetWords(item: QueueItem) {
  const { t } = useLingui();
  const type = item.target_type;
  const name = item.author_display_name ?? t`A former member`;
  const recipient = item.recipient_display_name ?? t`a former member`;
  const kinds = { event: t`Event`, group: t`Group`, comment: t`Comment`, photo: t`Photo`, message: t`Private message` };
  const hide = { event: t`Hide event`, group: t`Hide group`, comment: t`Hide comment`, photo: t`Hide photo`, message: "" };
  const restore = { event: t`Restore event`, group: t`Restore group`, comment: t`Restore comment`, photo: t`Restore photo`, message: "" };
  // The person responsible: a comment's author, an event's host, a group's creator, a photo's uploader, a message's sender.
  const bylines = {
    comment: t`Written by ${name}`, group: t`Created by ${name}`, event: t`Hosted by ${name}`,
    photo: t`Uploaded by ${name}`, message: t`Sent by ${name} to ${recipient}`,
  };
  const suspendLabels = {
    comment: t`Suspend author`, group: t`Suspend organizer`, event: t`Suspend host`, photo: t`Suspend uploader`, message: t`Suspend sender`,
  };
  const restoreLabels = {
    comment: t`Restore author`, group: t`Restore organizer`, event: t`Restore host`, photo: t`Restore uploader`, message: t`Restore sender`,
  };
  return {
    name,
    kind: kinds[type],
    hideLabel: item.hidden ? restore[type] : hide[type],
    byline: bylines[type],
    suspendLabel: item.author_suspended ? restoreLabels[type] : suspendLabels[type],
  };
}

function ReportedTitle({ item }: { item: QueueItem }) {
  const link = "text-brand-700 underline-offset-4 hover:underline";
  if (item.target_type === "message") return <Trans>A private message</Trans>;
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

/** What a reported photo or message shows: the picture, or the text. */
function ReportedContent({ item }: { item: QueueItem }) {
  const { t } = useLingui();
  if (item.target_type === "photo") {
    if (item.target_missing || !item.photo_path) {
      return (
        <p className="text-sm italic text-muted-foreground">
          <Trans>The photo was removed.</Trans>
        </p>
      );
    }
    return (
      <figure className="flex flex-col gap-1">
        <img
          src={photoThumbnailUrl(item.photo_path)}
          alt={item.photo_caption ? t`Reported photo: ${item.photo_caption}` : t`Reported photo`}
          className="h-40 w-auto max-w-full self-start rounded-md border border-border bg-muted object-contain"
          loading="lazy"
        />
        {item.photo_caption && <figcaption className="break-words text-sm text-muted-foreground">{item.photo_caption}</figcaption>}
      </figure>
    );
  }
  if (item.target_type === "message") {
    return item.target_missing || item.message_body == null ? (
      <p className="text-sm italic text-muted-foreground">
        <Trans>The message was deleted.</Trans>
      </p>
    ) : (
      <blockquote className="whitespace-pre-line break-words border-s-4 border-border ps-3 text-sm">{item.message_body}</blockquote>
    );
  }
  return null;
}

/** One reported comment, event, group, photo or message: what it says, who reported it and why, and the decisions. */
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
      <ReportedContent item={item} />
      <p className="text-sm text-muted-foreground">
        {words.byline}
        {item.author_username && ` (@${item.author_username})`}
        {item.target_type === "message" && item.recipient_username && ` → @${item.recipient_username}`}
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
        {!item.target_missing && item.target_type !== "message" && (
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
