import { useInfiniteQuery } from "@tanstack/react-query";
import { peopleOptions } from "../api/people";
import type { PeopleStatus } from "../api/manage-keys";

/** Members, requests or bans, a page at a time: everyone loaded so far, and how many are left. */
export function usePeople(groupId: string, status: PeopleStatus) {
  const query = useInfiniteQuery(peopleOptions(groupId, status));
  const people = query.data?.pages.flatMap((p) => p.people) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { query, people, remaining: Math.max(0, total - people.length) };
}
