import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, onPath } from "@/test/mock-api";
import { render } from "@/test/render";
import { PlaceSearch } from "./place-search";
import type { Place } from "./search-places";

const GEOCODE = "/functions/v1/geocode";
const HINT = "Cities only here: pin the venue.";

afterEach(() => {
  vi.unstubAllGlobals();
});

async function search(query: string) {
  fireEvent.change(screen.getByLabelText("Search for a place"), { target: { value: query } });
  fireEvent.click(screen.getByRole("button", { name: "Search" }));
  await screen.findByRole("list", { name: "Places found" });
}

describe("place search", () => {
  it("says when the server's geocoder knows cities only, and hands over the place with its zone", async () => {
    const porto = { name: "Porto", label: "Porto, Portugal", country: "PT", lat: 41.1496, lng: -8.611, timezone: "Europe/Lisbon" };
    mockApi(onPath(GEOCODE, { provider: "gazetteer", addresses: false, results: [porto] }));
    const picked: Place[] = [];
    render(<PlaceSearch onPick={(p) => picked.push(p)} citiesOnlyHint={HINT} />);
    await search("Porto");
    expect(screen.getByRole("status").textContent).toBe(`1 place found. Choose one. ${HINT}`);
    fireEvent.click(screen.getByRole("button", { name: "Porto, Portugal" }));
    expect(picked).toEqual([porto]);
  });

  it("finds a typed street address when a geocoder that knows addresses is set, without the hint", async () => {
    const venue = {
      name: "LX Factory", label: "LX Factory, Rua Rodrigues de Faria 103, Alcântara, Lisboa, Portugal", country: "PT",
      lat: 38.7036, lng: -9.1784, timezone: "Europe/Lisbon",
    };
    const { calls } = mockApi(onPath(GEOCODE, { provider: "nominatim", addresses: true, results: [venue] }));
    render(<PlaceSearch onPick={() => {}} citiesOnlyHint={HINT} />);
    await search("Rua Rodrigues de Faria 103, Lisbon");
    expect(screen.getByRole("status").textContent).toBe("1 place found. Choose one.");
    expect(screen.getByRole("button", { name: venue.label })).toBeDefined();
    expect(calls.at(-1)!.pathname).toBe(GEOCODE);
  });
});
