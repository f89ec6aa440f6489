import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/auth/session-context";
import { usePageTitle } from "@/lib/use-page-title";
import { GroupFilterBar } from "./components/group-filter-bar";
import { GroupList } from "./components/group-list";
import { DEFAULT_GROUP_FILTERS, groupFiltersFromParams, groupFiltersToParams, type GroupFilters } from "./group-filters";

/** /groups: find communities by words, category and distance; the filters are the URL. */
export function GroupsPage() {
  const { t } = useLingui();
  usePageTitle(t`Groups`);
  const { user, status } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = groupFiltersFromParams(params);
  const setFilters = (next: GroupFilters) => setParams(groupFiltersToParams(next, params), { preventScrollReset: true });

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex max-w-prose flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>Groups</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Clubs and communities that meet again and again. Join one to hear about its next event first.</Trans>
          </p>
        </div>
        <Button asChild>
          <Link to="/groups/new">
            <Plus aria-hidden="true" />
            <Trans>Start a group</Trans>
          </Link>
        </Button>
      </div>
      <GroupFilterBar filters={filters} onChange={setFilters} signedIn={status === "signed-in"} />
      <section aria-label={t`Groups found`}>
        {/* While the session loads the list waits, so it is asked once with the right identity. */}
        {status !== "loading" && <GroupList filters={filters} userId={user?.id} onClearFilters={() => setFilters(DEFAULT_GROUP_FILTERS)} />}
      </section>
    </div>
  );
}
