import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatRelativeTime } from "@/lib/i18n/format";

type Author = { username: string; display_name: string } | null;

/** "Ana · 5 minutes ago (edited)" above a post. */
export function PostMeta({ author, createdAt, edited }: { author: Author; createdAt: string; edited: boolean }) {
  const { t } = useLingui();
  const when = formatRelativeTime(createdAt) ?? new Date(createdAt).toLocaleDateString();
  return (
    <p className="text-sm text-muted-foreground">
      {author ? (
        <Link to={`/u/${author.username}`} className="font-medium text-foreground underline-offset-2 hover:underline">
          {author.display_name}
        </Link>
      ) : (
        t`Former member`
      )}{" "}
      · <time dateTime={createdAt}>{when}</time>
      {edited && (
        <>
          {" "}
          <Trans>(edited)</Trans>
        </>
      )}
    </p>
  );
}
