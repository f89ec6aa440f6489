import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SearchX, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { groupListOptions } from "../api/search-groups";
import { hasActiveGroupFilters, type GroupFilters } from "../group-filters";
import { GroupCard } from "./group-card";

function GroupCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border">
      <Skeleton className="aspect-[1200/630] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const Icon = filtered ? SearchX : UsersRound;
  return (
    <Card className="items-center text-center">
      <CardHeader className="items-center">
        <Icon aria-hidden="true" className="mb-2 size-10 text-brand-600" />
        <CardTitle asChild>
          <h2>{filtered ? <Trans>No groups match</Trans> : <Trans>No groups yet</Trans>}</h2>
        </CardTitle>
        <CardDescription className="max-w-sm">
          {filtered ? (
            <Trans>Try another search, a wider distance or a different category.</Trans>
          ) : (
            <Trans>Start the first one: bring people together around what you love, and meet again and again.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {filtered ? (
          <Button variant="outline" onClick={onClear}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/groups/new">
              <Trans>Start a group</Trans>
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

type GroupListProps = { filters: GroupFilters; userId: string | undefined; onClearFilters: () => void };

/** The groups that match, 24 at a time with "Load more"; loading, error and empty states. */
export function GroupList({ filters, userId, onClearFilters }: GroupListProps) {
  const { t } = useLingui();
  const query = useInfiniteQuery(groupListOptions(filters, userId));

  if (query.isPending) {
    return (
      <div>
        <Spinner className="sr-only" label={t`Loading groups…`} />
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <GroupCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (query.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {t`Couldn't load groups.`} {errorMessage(query.error)}
        </span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }

  const groups = query.data.pages.flatMap((p) => p.groups);
  const total = query.data.pages[0]?.total ?? 0;
  const remaining = total - groups.length;
  if (groups.length === 0) return <EmptyState filtered={hasActiveGroupFilters(filters)} onClear={onClearFilters} />;

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-sm text-muted-foreground">
        <Plural value={total} one="# group" other="# groups" />
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? <Trans>Loading…</Trans> : <Plural value={remaining} one="Load more (# more)" other="Load more (# more)" />}
          </Button>
        </div>
      )}
    </div>
  );
}
