import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOff, Pencil, Reply, RotateCcw, Trash2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ReportButton } from "../reports/report-button";
import { CommentForm } from "./comment-form";
import { fullTime, relativeTime } from "./comment-time";
import type { EventComment } from "./comments-api";
import type { useCommentMutations } from "./use-comment-mutations";

export type CommentViewer = {
  userId: string | undefined;
  canModerate: boolean;
  now: Date;
};

type CommentItemProps = {
  comment: EventComment;
  viewer: CommentViewer;
  mutations: ReturnType<typeof useCommentMutations>;
  /** Top-level comments can be replied to (one level of replies). */
  onReply?: () => void;
  onTyping?: () => void;
};

const ACTION = "h-8 px-2 text-muted-foreground";

/** One comment: author, time, text, and the actions this viewer may take on it. */
export function CommentItem({ comment, viewer, mutations, onReply, onTyping }: CommentItemProps) {
  const { t } = useLingui();
  const headingId = useId();
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const name = comment.author?.display_name ?? t`Former member`;

  if (comment.deleted_at) {
    return (
      <p className="py-2 text-sm italic text-muted-foreground">
        <Trans>Comment deleted</Trans>
      </p>
    );
  }

  const mine = viewer.userId === comment.author_id;
  const signedIn = Boolean(viewer.userId);

  return (
    <article aria-labelledby={headingId} className="flex gap-3">
      <Avatar person={comment.author} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span id={headingId} className="font-semibold">
            {comment.author ? (
              <Link to={`/u/${comment.author.username}`} className="hover:underline">
                <Trans>
                  <span className="sr-only">Comment by</span> {name}
                </Trans>
              </Link>
            ) : (
              <Trans>
                <span className="sr-only">Comment by</span> {name}
              </Trans>
            )}
          </span>
          <time dateTime={comment.created_at} title={fullTime(comment.created_at)} className="text-muted-foreground">
            {relativeTime(comment.created_at, viewer.now)}
          </time>
          {comment.edited_at && (
            <span className="text-muted-foreground">
              <Trans>(edited)</Trans>
            </span>
          )}
        </p>
        {comment.hidden_at && (
          <p className="w-fit rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {viewer.canModerate ? <Trans>Hidden from other viewers</Trans> : <Trans>Hidden by the hosts. Only you and they can see it.</Trans>}
          </p>
        )}
        {mode === "edit" ? (
          <CommentForm
            label={t`Edit your comment`}
            submitLabel={t`Save`}
            initialBody={comment.body}
            autoFocus
            onTyping={onTyping}
            onCancel={() => setMode("view")}
            onSubmit={async (body) => {
              await mutations.edit.mutateAsync({ id: comment.id, body });
              setMode("view");
            }}
          />
        ) : (
          <p className="whitespace-pre-line break-words">{comment.body}</p>
        )}
        {mode === "confirm-delete" ? (
          <div role="group" aria-label={t`Confirm delete`} className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              <Trans>Delete this comment?</Trans>
            </span>
            <Button
              size="sm"
              variant="outline"
              className="h-8 border-red-300 text-red-800"
              autoFocus
              disabled={mutations.remove.isPending}
              onClick={() => mutations.remove.mutate(comment.id, { onSuccess: focusCommentsHeading })}
            >
              <Trans>Delete</Trans>
            </Button>
            <Button size="sm" variant="ghost" className="h-8" onClick={() => setMode("view")}>
              <Trans>Keep it</Trans>
            </Button>
          </div>
        ) : (
          mode === "view" && (
            <div className="-ms-2 flex flex-wrap items-center gap-1">
              {onReply && signedIn && <Action icon={<Reply aria-hidden="true" className="rtl:-scale-x-100" />} label={t`Reply`} onClick={onReply} />}
              {mine && <Action icon={<Pencil aria-hidden="true" />} label={t`Edit`} onClick={() => setMode("edit")} />}
              {mine && <Action icon={<Trash2 aria-hidden="true" />} label={t`Delete`} onClick={() => setMode("confirm-delete")} />}
              {viewer.canModerate && (
                <Action
                  icon={comment.hidden_at ? <RotateCcw aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                  label={comment.hidden_at ? t`Restore` : t`Hide`}
                  disabled={mutations.setHidden.isPending}
                  onClick={() => mutations.setHidden.mutate({ id: comment.id, hidden: !comment.hidden_at })}
                />
              )}
              {signedIn && !mine && viewer.userId && (
                <ReportButton target={{ type: "comment", id: comment.id }} reporterId={viewer.userId} className={ACTION} />
              )}
            </div>
          )
        )}
      </div>
    </article>
  );
}

/** The deleted comment's buttons are gone; keep the keyboard user in the conversation. */
function focusCommentsHeading() {
  document.getElementById("comments-heading")?.focus();
}

function Action({ icon, label, onClick, disabled }: { icon: ReactNode; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="ghost" size="sm" className={ACTION} onClick={onClick} disabled={disabled}>
      {icon}
      {label}
    </Button>
  );
}
