import { Trans, useLingui } from "@lingui/react/macro";
import { CommentForm } from "./comment-form";
import { CommentItem, type CommentViewer } from "./comment-item";
import type { CommentThread } from "./comment-cache";
import type { useCommentMutations } from "./use-comment-mutations";

type CommentThreadViewProps = {
  thread: CommentThread;
  viewer: CommentViewer;
  mutations: ReturnType<typeof useCommentMutations>;
  replying: boolean;
  onReply: (parentId: string | null) => void;
  onTyping?: () => void;
};

/** A top-level comment, its replies (indented, one level), and the reply box when open. */
export function CommentThreadView({ thread, viewer, mutations, replying, onReply, onTyping }: CommentThreadViewProps) {
  const { t } = useLingui();
  const { comment, replies } = thread;
  const author = comment?.author?.display_name;
  return (
    <li className="flex flex-col gap-3">
      {comment ? (
        <CommentItem
          comment={comment}
          viewer={viewer}
          mutations={mutations}
          onReply={comment.deleted_at || comment.hidden_at ? undefined : () => onReply(comment.id)}
          onTyping={onTyping}
        />
      ) : (
        <p className="py-2 text-sm italic text-muted-foreground">
          <Trans>Comment unavailable</Trans>
        </p>
      )}
      {(replies.length > 0 || replying) && (
        <ol className="ms-4 flex flex-col gap-3 border-s-2 border-border ps-4 sm:ms-12">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} viewer={viewer} mutations={mutations} onTyping={onTyping} />
            </li>
          ))}
          {replying && comment && (
            <li>
              <CommentForm
                label={author ? t`Reply to ${author}` : t`Reply to this comment`}
                submitLabel={t`Post reply`}
                autoFocus
                onTyping={onTyping}
                onCancel={() => onReply(null)}
                onSubmit={async (body) => {
                  await mutations.post.mutateAsync({ body, parentId: comment.id });
                  onReply(null);
                }}
              />
            </li>
          )}
        </ol>
      )}
    </li>
  );
}
