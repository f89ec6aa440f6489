import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { render } from "@/test/render";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventsMap } from "./events-map";
import { escapeHtml } from "./map-icons";
import type { MapEvent } from "./map-event";

const event = (n: number, lat: number, lng: number): MapEvent => ({
  id: `e${n}`, slug: `event-${n}`, title: `Event <${n}>`, starts_at: "2030-11-25T19:00:00Z",
  timezone: "Europe/Lisbon", venue_name: `Venue ${n}`, lat, lng,
});

function renderMap(events: MapEvent[]) {
  const router = createMemoryRouter(
    [{ path: "/", element: <EventsMap events={events} /> }, { path: "/events/:slug", element: <p>event page</p> }],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("EventsMap", () => {
  // jsdom has no layout; Leaflet (and the clusterer, which only places pins in view) needs a size.
  const saved = {
    width: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth"),
    height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight"),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
    Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 500 });
  });
  afterAll(() => {
    if (saved.width) Object.defineProperty(HTMLElement.prototype, "clientWidth", saved.width);
    if (saved.height) Object.defineProperty(HTMLElement.prototype, "clientHeight", saved.height);
  });

  it("gives each pin the event's title as its name, and opens a popup with a link on Enter", async () => {
    // Far apart: no clustering.
    const router = renderMap([event(1, 38.7, -9.1), event(2, -33.9, 151.2)]);
    const pin = await screen.findByRole("button", { name: "Event <1>" });
    expect(screen.getByRole("button", { name: "Event <2>" })).toBeDefined();
    expect(screen.getByRole("region", { name: "Map of events" })).toBeDefined();

    act(() => {
      fireEvent.keyPress(pin, { key: "Enter", code: "Enter", keyCode: 13, charCode: 13 });
    });
    const link = await screen.findByRole("link", { name: "Event <1>" });
    expect(link.getAttribute("href")).toBe("/events/event-1");
    expect(link.closest(".leaflet-popup")?.textContent).toContain("Venue 1");
    await waitFor(() => expect(document.activeElement).toBe(link));
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/events/event-1"));
  });

  it("clusters pins that crowd together into one badge with a count", async () => {
    renderMap([event(1, 38.7036, -9.1784), event(2, 38.7037, -9.1783), event(3, 38.706, -9.1447), event(4, -33.9, 151.2)]);
    const cluster = await screen.findByRole("button", { name: /^3 events here/ });
    expect(cluster.textContent).toContain("3");
    expect(screen.getByRole("button", { name: "Event <4>" })).toBeDefined();
  });

  it("escapes titles going into marker HTML", () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe("&#60;img src=x onerror=&#34;alert(&#39;x&#39;)&#34;&#62;&#38;");
  });
});
