import { Plural } from "@lingui/react/macro";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";

/** "Show more (N more)" under a list of people, while more are left. */
export function MorePeople({ query, remaining }: { query: Pick<UseInfiniteQueryResult, "hasNextPage" | "fetchNextPage" | "isFetchingNextPage">; remaining: number }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" className="self-start" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      <Plural value={remaining} one="Show more (# more)" other="Show more (# more)" />
    </Button>
  );
}
