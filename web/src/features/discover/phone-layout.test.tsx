import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, onPath } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { longitudeRange } from "./api/map-pins";

// A first render transforms the lazy routes' modules; on the shared 2-core machine that alone can
// take seconds, so a test gets 30 s rather than vitest's 5 (no assertion waits on time).
vi.setConfig({ testTimeout: 30_000 });

const SEARCH = "/rest/v1/rpc/search_event_series";

/** A phone: no media query for 640 px and up matches. */
function phoneScreen() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe("Discover on a phone", () => {
  it("keeps search on top and the other filters in a sheet that counts the active ones", async () => {
    phoneScreen();
    const { calls } = mockApi(onPath(SEARCH, [], { "content-range": "*/0" }));
    const { router } = renderApp("/?category=tech&online=1&q=jazz");
    await screen.findByRole("heading", { level: 2, name: "No events match" });
    expect(screen.getByRole("searchbox", { name: "Search events" })).toBeDefined();
    // Not on the page itself: only in the sheet.
    expect(screen.queryByRole("combobox", { name: "Category" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Filters (2 active)" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    expect((within(sheet).getByRole("combobox", { name: "Category" }) as HTMLSelectElement).value).toBe("tech");
    fireEvent.change(within(sheet).getByRole("combobox", { name: "When" }), { target: { value: "weekend" } });
    // Applied at once, behind the sheet.
    await waitFor(() => expect(router.state.location.search).toContain("when=weekend"));
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));

    // Clearing keeps the search text.
    fireEvent.click(within(sheet).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=jazz"));
    fireEvent.click(within(sheet).getByRole("button", { name: "Show results" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Filters" })).toBeDefined();
  });
});

describe("map areas", () => {
  it("wraps longitudes, and drops them when the map shows the whole world", () => {
    expect(longitudeRange({ south: 0, north: 1, west: -10, east: 10 })).toEqual({ west: -10, east: 10 });
    // Panned once round the world (worldCopyJump): the same box.
    expect(longitudeRange({ south: 0, north: 1, west: 350, east: 370 })).toEqual({ west: -10, east: 10 });
    // Across the antimeridian: west is east of east, searched as two ranges.
    expect(longitudeRange({ south: 0, north: 1, west: 170, east: 190 })).toEqual({ west: 170, east: -170 });
    expect(longitudeRange({ south: -80, north: 80, west: -200, east: 200 })).toBeNull();
  });
});
