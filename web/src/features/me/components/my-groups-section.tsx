import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/errors";
import { publicFileUrl } from "@/lib/supabase";
import { myGroupsOptions, type MyGroup } from "../api/my-groups";

/** "My groups" on /me: every group I'm in or asked to join, with my role and, for organizers, a way to manage it. */
export function MyGroupsSection({ userId }: { userId: string }) {
  const { t } = useLingui();
  const query = useQuery(myGroupsOptions(userId));
  return (
    <section aria-labelledby="my-groups-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-groups-heading" className="text-xl font-semibold">
          <Trans>My groups</Trans>
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to="/groups/new">
            <Trans>Start a group</Trans>
          </Link>
        </Button>
      </div>
      {query.isPending ? (
        <div role="status" aria-label={t`Loading your groups…`} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          <Trans>We couldn't load your groups.</Trans> {errorMessage(query.error)}
        </Alert>
      ) : query.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-6">
          <p className="text-muted-foreground">
            <Trans>You're not in any group yet. Groups bring people together again and again, and tell you about their new events.</Trans>
          </p>
          <Button asChild variant="outline">
            <Link to="/groups">
              <Trans>Find groups</Trans>
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t`My groups`}>
          {query.data.map((item) => (
            <MyGroupCard key={item.group.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyGroupCard({ item: { group, role, status } }: { item: MyGroup }) {
  const { t } = useLingui();
  const manages = role === "organizer" || role === "co_organizer";
  const count = group.member_count;
  const name = group.name;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-card p-3">
      {group.logo_path ? (
        <img src={publicFileUrl("group-media", group.logo_path)} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg bg-muted object-cover" />
      ) : (
        <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-lg font-semibold text-white">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/g/${group.slug}`} className="truncate font-semibold text-brand-700 underline-offset-4 hover:underline">
          {name}
        </Link>
        <span className="truncate text-sm text-muted-foreground">
          {group.city}
          {count !== null && ` · ${plural(count, { one: "# member", other: "# members" })}`}
        </span>
        <span className="flex flex-wrap gap-1">
          {status === "pending" ? <Badge tone="warning">{t`Request pending`}</Badge> : <Badge tone={role === "member" ? "neutral" : "brand"}>{roleLabel(role)}</Badge>}
        </span>
      </div>
      {manages && status === "active" && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/g/${group.slug}/manage`} aria-label={t`Manage ${name}`}>
            <Trans>Manage</Trans>
          </Link>
        </Button>
      )}
    </li>
  );
}

function roleLabel(role: MyGroup["role"]): string {
  switch (role) {
    case "organizer": return t({ message: "Organizer", comment: "A role in a group" });
    case "co_organizer": return t({ message: "Co-organizer", comment: "A role in a group" });
    case "event_organizer": return t({ message: "Event organizer", comment: "A role in a group" });
    case "member": return t({ message: "Member", comment: "A role in a group" });
  }
}
