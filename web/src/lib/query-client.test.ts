import { persistQueryClientRestore, persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { beforeEach, describe, expect, it } from "vitest";
import { clearPersistedCache, createQueryClient, isPersistableQuery, persistOptions } from "./query-client";

const publicEvent = { slug: "jazz", visibility: "public", status: "published", online_link: null };

function filledClient() {
  const client = createQueryClient();
  client.setQueryData(["events", "discover", "list", { q: "" }], { pages: [{ events: [] }], pageParams: [0] });
  client.setQueryData(["events", "detail", "jazz"], publicEvent);
  client.setQueryData(["events", "detail", "secret-party"], { ...publicEvent, visibility: "private" });
  client.setQueryData(["events", "detail", "my-draft"], { ...publicEvent, status: "draft" });
  client.setQueryData(["events", "detail", "online-talk"], { ...publicEvent, online_link: { url: "https://meet.example/x" } });
  client.setQueryData(["events", "detail", "my-rsvp", "e1", "u1"], { status: "going" });
  client.setQueryData(["profile", "me", "u1"], { username: "grace" });
  return client;
}

// persist-client bundles its own query-core, whose QueryClient type is nominally different.
type PersistClient = Parameters<typeof persistQueryClientSave>[0]["queryClient"];
const asPersistClient = (c: ReturnType<typeof createQueryClient>) => c as unknown as PersistClient;

const options = () => {
  if (!persistOptions) throw new Error("jsdom has localStorage; persistence should be on");
  return persistOptions;
};

beforeEach(() => localStorage.clear());

describe("the persisted query cache", () => {
  it("keeps restored data as long as it may be shown (gcTime ≥ maxAge = 24 h)", () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(options().maxAge).toBe(24 * 60 * 60 * 1000);
    expect(defaults?.gcTime).toBeGreaterThanOrEqual(options().maxAge!);
  });

  it("writes only public, same-for-everyone queries to localStorage", async () => {
    const client = filledClient();
    await persistQueryClientSave({ queryClient: asPersistClient(client), ...options() });
    // The sync persister writes on a throttle; wait for it.
    await new Promise((r) => setTimeout(r, 1100));
    const stored = JSON.parse(localStorage.getItem("gather.query-cache") ?? "null") as {
      buster: string;
      clientState: { queries: { queryKey: unknown[] }[] };
    };
    expect(stored.buster).toBe("dev");
    expect(stored.clientState.queries.map((q) => q.queryKey)).toEqual([
      ["events", "discover", "list", { q: "" }],
      ["events", "detail", "jazz"],
    ]);
  });

  it("restores into a new page, but not across builds, and not after sign-out", async () => {
    await persistQueryClientSave({ queryClient: asPersistClient(filledClient()), ...options() });
    await new Promise((r) => setTimeout(r, 1100));

    const next = createQueryClient();
    await persistQueryClientRestore({ queryClient: asPersistClient(next), ...options() });
    expect(next.getQueryData(["events", "detail", "jazz"])).toEqual(publicEvent);

    const newBuild = createQueryClient();
    await persistQueryClientRestore({ queryClient: asPersistClient(newBuild), ...options(), buster: "another-build" });
    expect(newBuild.getQueryData(["events", "detail", "jazz"])).toBeUndefined();

    clearPersistedCache();
    const afterSignOut = createQueryClient();
    await persistQueryClientRestore({ queryClient: asPersistClient(afterSignOut), ...options() });
    expect(afterSignOut.getQueryData(["events", "detail", "jazz"])).toBeUndefined();
  });

  it("judges a query by its key and, for an event page, by what it holds", () => {
    const q = (queryKey: unknown[], data?: unknown) => ({ queryKey, state: { data } }) as unknown as Parameters<typeof isPersistableQuery>[0];
    expect(isPersistableQuery(q(["events", "discover", "list", {}]))).toBe(true);
    expect(isPersistableQuery(q(["events", "detail", "jazz"], publicEvent))).toBe(true);
    expect(isPersistableQuery(q(["events", "detail", "jazz"], { ...publicEvent, status: "cancelled" }))).toBe(true);
    expect(isPersistableQuery(q(["events", "detail", "gone"], null))).toBe(false);
    expect(isPersistableQuery(q(["events", "detail", "jazz"], { ...publicEvent, visibility: "unlisted" }))).toBe(false);
    expect(isPersistableQuery(q(["events", "comments", "e1", "anon"]))).toBe(false);
    expect(isPersistableQuery(q(["me", "rsvps", "u1"]))).toBe(false);
  });
});
