import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { publicFileUrl } from "@/lib/supabase";
import { organizedGroupsOptions, type PublicProfile } from "../api/public-profile";

/** "Groups organized" on a public profile; nothing at all when the member runs no group. */
export function OrganizedGroupsSection({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const query = useQuery(organizedGroupsOptions(profile.id));
  if (query.isPending) {
    return (
      <div role="status" aria-label={t`Loading groups…`}>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error">
        <Trans>We couldn't load the groups.</Trans> {errorMessage(query.error)}
      </Alert>
    );
  }
  if (query.data.length === 0) return null;
  const name = profile.display_name;
  const count = query.data.length;
  return (
    <section aria-labelledby="organized-groups" className="flex flex-col gap-3">
      <h2 id="organized-groups" className="text-xl font-semibold">
        <Trans>Groups organized ({count})</Trans>
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t`Groups organized by ${name}`}>
        {query.data.map(({ group, role }) => (
          <li key={group.id} className="flex items-center gap-3 rounded-xl border border-border bg-card p-3">
            {group.logo_path ? (
              <img src={publicFileUrl("group-media", group.logo_path)} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg bg-muted object-cover" />
            ) : (
              <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-lg font-semibold text-white">
                {group.name.charAt(0).toUpperCase()}
              </span>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={`/g/${group.slug}`} className="truncate font-semibold text-brand-700 underline-offset-4 hover:underline">
                {group.name}
              </Link>
              <span className="truncate text-sm text-muted-foreground">{group.city}</span>
            </div>
            <Badge tone="brand">
              {role === "organizer" ? <Trans comment="A role in a group">Organizer</Trans> : <Trans comment="A role in a group">Co-organizer</Trans>}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
