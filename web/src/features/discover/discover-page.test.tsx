import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, onPath } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

// A first render transforms the lazy routes' modules; on the shared 2-core machine that alone can
// take seconds, so a test gets 30 s rather than vitest's 5 (no assertion waits on time).
vi.setConfig({ testTimeout: 30_000 });

// The list asks for one card per series (decision 0322): without words unordered, ordered by the
// request (decision 0390); with words in order of relevance.
const LIST = "/rest/v1/rpc/discover_event_series";
const SEARCH = "/rest/v1/rpc/search_event_series";
const COUNT = "/rest/v1/rpc/search_event_series_count";
const isList = (url: URL) => url.pathname === LIST || url.pathname === SEARCH;
const onList = (body: unknown, headers?: Record<string, string>) => (url: URL) => (isList(url) ? { body, headers } : undefined);

function card(n: number) {
  return {
    id: `id-${n}`, slug: `event-${n}`, title: `Event number ${n}`, category: "tech",
    starts_at: "2030-11-25T19:00:00+00:00", ends_at: "2030-11-25T22:00:00+00:00", timezone: "Europe/Lisbon",
    venue_name: "LX Factory", address: "Rua 1", is_online: false, capacity: 30, waitlist_enabled: true,
    cover_path: null, event_stats: { spots_left: n === 1 ? 0 : 12, going_count: 3, waitlist_count: 0 },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("Discover", () => {
  it("lists events with their date, place, category and spots left", async () => {
    mockApi(onList([card(1), card(2)], { "content-range": "0-1/2" }));
    renderApp("/");

    const first = (await screen.findByRole("link", { name: "Event number 1" })).closest("article")!;
    expect(first.textContent).toContain("LX Factory");
    expect(first.textContent).toContain("Tech");
    expect(first.textContent).toContain("Full · waitlist open");
    expect(first.textContent).toMatch(/Nov 25 · 7:00/);
    expect(screen.getByRole("link", { name: "Event number 2" }).closest("article")!.textContent).toContain(
      "12 spots left",
    );
    expect(screen.getByText("2 events")).toBeDefined();
  });

  it("shows a series once, at its next date, saying how many dates follow", async () => {
    const weekly = { ...card(1), more_dates: 7 };
    const once = { ...card(2), more_dates: 1 };
    const single = { ...card(3), more_dates: null };
    mockApi(onList([weekly, once, single], { "content-range": "0-2/3" }));
    renderApp("/");
    const article = async (n: number) => (await screen.findByRole("link", { name: `Event number ${n}` })).closest("article")!;
    expect((await article(1)).textContent).toContain("+7 more dates");
    expect((await article(2)).textContent).toContain("+1 more date");
    expect((await article(2)).textContent).not.toContain("more dates");
    expect((await article(3)).textContent).not.toContain("more date");
  });

  it("sends the URL's filters to search_events and pages with Load more", async () => {
    const { calls } = mockApi(onPath(COUNT, { total: 25 }), (url) => {
      if (!isList(url)) return undefined;
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const page = Array.from({ length: offset === 0 ? 20 : 5 }, (_, i) => card(offset + i + 1));
      return { body: page, headers: { "content-range": `${offset}-${offset + page.length - 1}/25` } };
    });
    renderApp("/?q=engines&category=tech&online=1");

    await screen.findByRole("link", { name: "Event number 20" });
    expect(calls[0]!.searchParams.get("select")).toContain("event_stats");
    // Words: in order of relevance, the arguments in the URL (GET).
    expect(calls[0]!.pathname).toBe(SEARCH);
    expect(calls[0]!.searchParams.get("query")).toBe("engines");
    expect(calls[0]!.searchParams.get("order")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more (5 more)" }));
    await screen.findByRole("link", { name: "Event number 25" });
    expect(screen.queryByRole("button", { name: /Load more/ })).toBeNull();
    expect((screen.getByRole("searchbox", { name: "Search events" }) as HTMLInputElement).value).toBe("engines");
    expect((screen.getByRole("combobox", { name: "Category" }) as HTMLSelectElement).value).toBe("tech");
    expect((screen.getByRole("checkbox", { name: "Online events only" }) as HTMLInputElement).checked).toBe(true);
  });

  it('says "1,000+" past the count\'s cap, and still pages', async () => {
    const { calls } = mockApi(onPath(COUNT, { total: 1001 }), (url) => {
      if (!isList(url)) return undefined;
      const offset = Number(url.searchParams.get("offset") ?? 0);
      return { body: Array.from({ length: 20 }, (_, i) => card(offset + i + 1)) };
    });
    renderApp("/");

    expect(await screen.findByText("1,000+ events")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByRole("link", { name: "Event number 40" });
    // No words: the cards unordered, ordered and paged by the request (a page off the date index).
    const pages = calls.filter((u) => u.pathname === LIST);
    expect(pages.map((u) => [u.searchParams.get("order"), u.searchParams.get("offset")])).toEqual([["starts_at.asc,id.asc", "0"], ["starts_at.asc,id.asc", "20"]]);
    expect(calls.filter((u) => u.pathname === SEARCH)).toEqual([]);
  });

  it("puts a search in the URL and offers to clear filters when nothing matches", async () => {
    mockApi(onList([], { "content-range": "*/0" }));
    const { router } = renderApp("/");

    expect(await screen.findByRole("heading", { level: 2, name: "No events yet" })).toBeDefined();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search events" }), { target: { value: "zzz" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("heading", { level: 2, name: "No events match" })).toBeDefined();
    expect(router.state.location.search).toBe("?q=zzz");

    fireEvent.change(screen.getByRole("combobox", { name: "When" }), { target: { value: "weekend" } });
    expect(router.state.location.search).toBe("?q=zzz&when=weekend");
    fireEvent.click(await screen.findByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
  });

  it("shows an error with a retry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi((url) => (isList(url) ? { status: 500, body: { message: "database down" } } : undefined));
    renderApp("/");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Couldn't load events. database down");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeDefined();
    vi.restoreAllMocks();
  });
});
