import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/test/mock-api";
import { eventKeys } from "../api/event-keys";
import { commentLiveUpdates } from "./comment-live";
import type { EventComment } from "./comments-api";

const GRACE = { username: "grace", display_name: "Grace Hopper", avatar_path: null };
const base = { event_id: "e1", parent_id: null, edited_at: null, deleted_at: null, hidden_at: null };
const a: EventComment = { ...base, id: "a", author_id: "g", body: "hello", created_at: "2030-01-01T10:00:00Z", author: GRACE };
const b: EventComment = { ...base, id: "b", author_id: "g", body: "again", created_at: "2030-01-01T10:01:00Z", author: GRACE };

function setup(list: EventComment[]) {
  const queryClient = new QueryClient();
  const key = eventKeys.comments("e1", "viewer");
  queryClient.setQueryData(key, list);
  const live = commentLiveUpdates(queryClient, "e1", "viewer");
  return { live, read: () => queryClient.getQueryData<EventComment[]>(key)?.map((c) => c.id) };
}

afterEach(() => vi.unstubAllGlobals());

describe("commentLiveUpdates", () => {
  it("writes realtime changes into the viewer's cached list", () => {
    const { live, read } = setup([a]);
    const { author: _author, ...row } = b;
    live.onChange({ eventType: "INSERT", new: row, old: {} });
    live.onChange({ eventType: "INSERT", new: row, old: {} }); // a second delivery changes nothing
    expect(read()).toEqual(["a", "b"]);
    live.onChange({ eventType: "DELETE", new: {}, old: { id: "a" } });
    expect(read()).toEqual(["b"]);
  });

  it("removes a comment a broadcast says was hidden once the database no longer shows it", async () => {
    const api = mockApi((url) => (url.pathname === "/rest/v1/comments" ? { body: [] } : undefined));
    const { live, read } = setup([a, b]);
    live.onHidden("a");
    await vi.waitFor(() => expect(read()).toEqual(["b"]));
    expect(api.calls[0]?.searchParams.get("id")).toBe("eq.a");
  });

  it("keeps a comment a forged broadcast calls hidden when the database still shows it", async () => {
    mockApi((url) => (url.pathname === "/rest/v1/comments" ? { body: [a] } : undefined));
    const { live, read } = setup([a, b]);
    live.onHidden("a");
    await new Promise((r) => setTimeout(r, 20));
    expect(read()).toEqual(["a", "b"]);
  });

  it("ignores a hide broadcast for a comment it doesn't have", () => {
    const api = mockApi();
    const { live } = setup([b]);
    live.onHidden("zzz");
    expect(api.calls).toEqual([]);
  });
});
