import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Megaphone } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { formatRelativeTime } from "@/lib/i18n/format";
import { announcementsOptions } from "../api/announcements-api";

/** The organizers' announcements, newest first; new ones arrive live (useLiveGroup). */
export function GroupAnnouncements({ groupId, userId }: { groupId: string; userId: string | undefined }) {
  const { t } = useLingui();
  const announcements = useQuery(announcementsOptions(groupId, userId));
  if (announcements.isPending) return <Skeleton className="h-20 w-full" />;
  if (announcements.isError) {
    return <p className="text-sm text-red-700">{errorMessage(announcements.error)}</p>;
  }
  if (announcements.data.length === 0) return null;
  return (
    <section aria-labelledby="group-announcements" className="flex flex-col gap-3">
      <h2 id="group-announcements" className="flex items-center gap-2 text-xl font-semibold">
        <Megaphone aria-hidden="true" className="size-5 text-brand-700" />
        <Trans>Announcements</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {announcements.data.map((a) => {
          const author = a.author?.display_name ?? t`Former member`;
          const when = formatRelativeTime(a.created_at) ?? new Date(a.created_at).toLocaleDateString();
          return (
            <li key={a.id} className="rounded-xl border border-border bg-card p-4">
              <article className="flex flex-col gap-2">
                <h3 className="font-semibold">{a.subject}</h3>
                <p className="text-sm text-muted-foreground">
                  <Trans>
                    {author} · <time dateTime={a.created_at}>{when}</time>
                  </Trans>
                </p>
                <p className="whitespace-pre-line break-words">{a.body}</p>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
