import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import { defaultShouldDehydrateQuery, QueryClient, type Query } from "@tanstack/react-query";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";

/** How long persisted public data may be shown on a later visit (while it refetches). */
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000;

/** Changes with every build, so a deploy drops caches written by the previous one. */
export const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? "dev";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // gcTime ≥ maxAge, or restored data is garbage-collected before anyone reads it.
      queries: { staleTime: 30_000, retry: 1, gcTime: PERSIST_MAX_AGE },
      // A retried mutation could RSVP or post a comment twice.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

type PublicEventFields = { visibility?: unknown; status?: unknown; online_link?: unknown };

/**
 * Only public data that is the same for every visitor goes to localStorage: Discover's lists
 * (search_events returns published public events only) and the pages of published public
 * events, as long as they carry no online link (that is for those going). Everything else —
 * RSVPs, profiles, notifications, drafts, private events — stays in memory.
 */
export function isPersistableQuery(query: Pick<Query, "queryKey" | "state">): boolean {
  const [root, kind, slug] = query.queryKey;
  if (root !== "events") return false;
  if (kind === "discover") return true;
  if (kind === "detail" && query.queryKey.length === 3 && typeof slug === "string") {
    const event = query.state.data as PublicEventFields | null | undefined;
    return !!event && event.visibility === "public" && event.status !== "draft" && !event.online_link;
  }
  return false;
}

const STORAGE_KEY = "gather.query-cache";

const persister =
  typeof window !== "undefined" && typeof window.localStorage !== "undefined"
    ? createSyncStoragePersister({ storage: window.localStorage, key: STORAGE_KEY })
    : undefined;

/** For <PersistQueryClientProvider>; undefined where there is no localStorage. */
export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> | undefined = persister && {
  persister,
  maxAge: PERSIST_MAX_AGE,
  buster: BUILD_ID,
  dehydrateOptions: {
    // The persist client ships its own (older) query-core, so its Query type is nominally
    // different from ours; the objects are the same.
    shouldDehydrateQuery: (q) => {
      const query = q as unknown as Query;
      return defaultShouldDehydrateQuery(query) && isPersistableQuery(query);
    },
  },
};

// The member's tickets saved for the door (features/tickets/api/saved-tickets.ts), one key per member.
const SAVED_TICKETS_PREFIX = "gather.tickets.";

/** Forgets the persisted cache and the tickets saved for offline use (on sign-out, with the in-memory one). */
export function clearPersistedCache(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(SAVED_TICKETS_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // storage blocked: nothing was persisted
  }
}
