import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { mockApi } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

// A first render transforms the lazy routes' modules; on the shared 2-core machine that alone can
// take seconds, so a test gets 30 s rather than vitest's 5 (no assertion waits on time).
vi.setConfig({ testTimeout: 30_000 });

const SEARCH = "/rest/v1/rpc/search_events";
// The list asks for one card per series (decision 0322); the calendar and the map for every date.
const SERIES = "/rest/v1/rpc/search_event_series";
const LIST = "/rest/v1/rpc/discover_event_series";
// The calendar and the map: every date, unordered, ordered by the request (decision 0430).
const EVENTS = "/rest/v1/rpc/discover_events";

/** A call's arguments: its JSON body (POST), or its URL's parameters other than PostgREST's own (GET). */
function callArgs(url: URL, init: RequestInit | undefined): Record<string, unknown> {
  if (init?.body) return JSON.parse(String(init.body)) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) {
    if (["select", "order", "offset", "limit"].includes(k)) continue;
    args[k] = v === "true" ? true : v === "false" ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  }
  return args;
}
const GEOCODE = "/functions/v1/geocode";

type Row = { id: string; slug: string; title: string; starts_at: string; lat: number | null; lng: number | null };

function row(n: number, startsAt: string, lat: number | null = 38.7036, lng: number | null = -9.1784): Row & Record<string, unknown> {
  return {
    id: `id-${n}`, slug: `event-${n}`, title: `Event number ${n}`, category: "tech", starts_at: startsAt,
    ends_at: startsAt, timezone: "UTC", venue_name: lat === null ? null : "LX Factory", address: null, lat, lng,
    is_online: lat === null, capacity: null, waitlist_enabled: false, cover_path: null,
    event_stats: { spots_left: null, going_count: 0, waitlist_count: 0 },
  };
}

/** Answers Discover's search functions with `rows`, and keeps each call's arguments. */
function mockSearch(rows: unknown[], extra?: Parameters<typeof mockApi>[0]) {
  const bodies: Record<string, unknown>[] = [];
  const api = mockApi((url, init) => {
    if (![SEARCH, SERIES, LIST, EVENTS].includes(url.pathname)) return undefined;
    bodies.push(callArgs(url, init));
    return { body: rows, headers: { "content-range": `0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
  }, extra ?? (() => undefined));
  return { bodies, ...api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The page and its lazy views are compiled on first import: seconds on a busy CI machine, which
// the first test would otherwise spend inside its 5 s wait for the first card.
beforeAll(async () => {
  await Promise.all([
    import("./discover-page"), import("./calendar/calendar-view"), import("./map/discover-map-view"),
  ]);
}, 60_000);

describe("Discover views", () => {
  it("switches views with links that keep the filters in the URL", async () => {
    mockSearch([row(1, "2030-11-25T19:00:00Z")]);
    const { router } = renderApp("/?q=engines");
    await screen.findByRole("link", { name: "Event number 1" });
    const views = screen.getByRole("navigation", { name: "Views" });
    expect(within(views).getByRole("link", { name: "List" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(within(views).getByRole("link", { name: "Calendar" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=engines&view=calendar"));
    expect(await screen.findByRole("heading", { level: 2, name: /\w+ \d{4}/ })).toBeDefined();

    fireEvent.click(within(views).getByRole("link", { name: "Map" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=engines&view=map"));
    expect(await screen.findByRole("region", { name: "Map of events" })).toBeDefined();
  });

  it("says which events of the page are online-only and not on the map", async () => {
    mockSearch([row(1, "2030-11-25T19:00:00Z"), row(2, "2030-11-26T19:00:00Z", null, null)]);
    renderApp("/?view=map");
    const status = await screen.findByText(/1 online-only event is not on the map/);
    expect(within(status).getByRole("link", { name: "see the list" }).getAttribute("href")).toBe("/");
  });

  it("shows a month of events on their days, and moves between months", async () => {
    const { bodies, calls } = mockSearch([row(1, "2030-11-25T12:00:00Z"), row(2, "2030-11-25T13:00:00Z"),
      row(3, "2030-11-25T14:00:00Z"), row(4, "2030-11-25T15:00:00Z"), row(5, "2030-11-03T12:00:00Z")]);
    const { router } = renderApp("/?view=calendar&month=2030-11");

    const table = await screen.findByRole("table", { name: "November 2030" });
    expect(within(table).getAllByRole("columnheader")).toHaveLength(7);
    expect(within(table).getByRole("link", { name: /Event number 5/ }).getAttribute("href")).toBe("/events/event-5");
    // Three titles a day, then "+1 more", which shows the rest.
    expect(within(table).queryByRole("link", { name: /Event number 4/ })).toBeNull();
    fireEvent.click(within(table).getByRole("button", { name: /^1 more event on / }));
    expect(within(table).getByRole("link", { name: /Event number 4/ })).toBeDefined();
    expect(screen.getByText("5 events in November 2030. Times are local to each event's venue.")).toBeDefined();
    expect(screen.getByRole("region", { name: "Agenda" })).toBeDefined();

    // Two days more on each side: an event is on its own zone's date, up to 26 hours from the viewer's.
    expect(new Date(String(bodies[0]!.starts_after))).toEqual(new Date(2030, 9, 30));
    expect(new Date(String(bodies[0]!.starts_before))).toEqual(new Date(2030, 11, 3));
    // By date with GET, one row past the month's limit, and no count (decision 0430).
    expect(calls[0]!.pathname).toBe(EVENTS);
    expect(calls[0]!.searchParams.get("order")).toBe("starts_at.asc,id.asc");
    expect(calls[0]!.searchParams.get("limit")).toBe("201");

    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    await waitFor(() => expect(router.state.location.search).toBe("?view=calendar&month=2030-12"));
    await screen.findByRole("table", { name: "December 2030" });
    await waitFor(() => expect(new Date(String(bodies.at(-1)!.starts_after))).toEqual(new Date(2030, 10, 29)));
  });

  it("says a month or a map busier than it shows is, without counting the rest", async () => {
    const many = (n: number, lat: number | null) => Array.from({ length: n }, (_, i) => row(i, "2030-11-25T12:00:00Z", lat, lat));
    mockSearch(many(201, 38.7));
    const { unmount } = renderApp("/?view=calendar&month=2030-11");
    expect(await screen.findByText(/Showing the first 200 events in November 2030\. Narrow the filters/)).toBeDefined();
    unmount();

    // Online-only rows: no markers to draw, the words are the same.
    const { calls } = mockSearch(many(501, null));
    renderApp("/?view=map");
    const status = await screen.findByText(/^500\+ events/);
    expect(status.textContent).toContain("500 online-only events are not on the map");
    expect(status.textContent).toContain("Showing the first 500: zoom in");
    expect(calls[0]!.pathname).toBe(EVENTS);
    expect(calls[0]!.searchParams.get("limit")).toBe("501");
  });

  it("opens on the first result's month when nothing is on this month, and on this month otherwise", async () => {
    // Every result is in November 2030, long after today: not an empty grid of this month.
    const { calls } = mockSearch([row(1, "2030-11-25T12:00:00Z")]);
    const { unmount } = renderApp("/?view=calendar");
    const table = await screen.findByRole("table", { name: "November 2030" });
    expect(within(table).getByRole("link", { name: /Event number 1/ })).toBeDefined();
    expect(calls[0]!.searchParams.get("limit")).toBe("1"); // the first result only, then its month
    unmount();

    const thisMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(new Date());
    mockSearch([]);
    renderApp("/?view=calendar");
    expect(await screen.findByRole("table", { name: thisMonth })).toBeDefined();
  });

  it("finds a place, filters by distance from it, and shows the distance on cards", async () => {
    const { bodies } = mockSearch([row(1, "2030-11-25T19:00:00Z")], (url) =>
      url.pathname === GEOCODE
        ? { body: { provider: "gazetteer", results: [{ name: "Lisbon", label: "Lisbon, Portugal", country: "PT", lat: 38.71667, lng: -9.13333 }] } }
        : undefined,
    );
    const { router } = renderApp("/");
    await screen.findByRole("link", { name: "Event number 1" });
    expect((screen.getByRole("combobox", { name: "Distance" }) as HTMLSelectElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole("searchbox", { name: "Near a place" }), { target: { value: "Lisbon" } });
    fireEvent.click(screen.getByRole("button", { name: "Find" }));
    fireEvent.click(await screen.findByRole("button", { name: "Lisbon, Portugal" }));
    await waitFor(() => expect(router.state.location.search).toBe("?near=38.7167%2C-9.1333&place=Lisbon%2C+Portugal"));
    // The test browser reads en-US: road distances in miles.
    expect(await screen.findByText("2.6 mi away")).toBeDefined();
    expect(bodies.at(-1)).toMatchObject({ near_lat: 38.7167, near_lng: -9.1333, radius_km: 25 });

    fireEvent.change(screen.getByRole("combobox", { name: "Distance" }), { target: { value: "5" } });
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ radius_km: 5 }));
    expect(router.state.location.search).toContain("radius=5");
    expect(screen.getByText(/Showing events within 3 mi of/).textContent).toContain("Lisbon, Portugal");

    fireEvent.click(screen.getByRole("button", { name: "Remove place" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("uses the browser's location, and says clearly when it is denied", async () => {
    mockSearch([]);
    let answer: "deny" | "allow" = "deny";
    // jsdom has no geolocation; this one asks nobody and answers as `answer` says.
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          answer === "deny"
            ? fail({ code: 1, message: "denied", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError)
            : ok({ coords: { latitude: 51.50735, longitude: -0.12776 } } as GeolocationPosition),
      },
    });
    onTestFinished(() => {
      delete (navigator as { geolocation?: unknown }).geolocation;
    });
    const { router } = renderApp("/");
    await screen.findByRole("heading", { level: 2, name: "No events yet" });

    fireEvent.click(screen.getByRole("button", { name: "Use my location" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Location access is blocked/);

    answer = "allow";
    fireEvent.click(screen.getByRole("button", { name: "Use my location" }));
    await waitFor(() => expect(router.state.location.search).toBe("?near=51.51%2C-0.13"));
    expect(screen.getByText(/Showing events within 16 mi of/).textContent).toContain("your location");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("filters by a date range from the URL", async () => {
    // A range still ahead: from its first day on (Discover never searches before now). Only Date
    // is faked, so the app's timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2030, 10, 20, 12, 0));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { bodies } = mockSearch([]);
    renderApp("/?from=2030-12-01&to=2030-12-03");
    await screen.findByRole("heading", { level: 2, name: "No events match" });
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2030-12-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2030-12-03");
    expect(new Date(String(bodies[0]!.starts_after))).toEqual(new Date(2030, 11, 1));
    expect(new Date(String(bodies[0]!.starts_before))).toEqual(new Date(2030, 11, 4));
  });
});
