import { describe, expect, it } from "vitest";
import { pointOf, zoneAtPoint } from "./zone-at-point";

describe("the zone at a venue's point", () => {
  it("is the IANA zone its clocks keep, offline", async () => {
    expect(await zoneAtPoint(35.6909, 139.7003)).toBe("Asia/Tokyo"); // Shinjuku
    expect(await zoneAtPoint(41.1496, -8.611)).toBe("Europe/Lisbon"); // Porto
    expect(await zoneAtPoint(40.6924, -73.9853)).toBe("America/New_York"); // Brooklyn
    expect(await zoneAtPoint(-33.898, 151.2326)).toBe("Australia/Sydney");
    // Across a border the zone changes although the city is close: Strasbourg, then Kehl.
    expect(await zoneAtPoint(48.5734, 7.7521)).toBe("Europe/Paris");
    expect(await zoneAtPoint(48.5726, 7.8157)).toBe("Europe/Berlin");
  });

  it("is null for coordinates outside the globe (the form says so beside the boxes)", async () => {
    expect(await zoneAtPoint(91, 0)).toBeNull();
    expect(await zoneAtPoint(0, 181)).toBeNull();
  });

  it("reads a point from the editor's boxes only when both are numbers", () => {
    expect(pointOf("35.69", "139.70")).toEqual({ lat: 35.69, lng: 139.7 });
    expect(pointOf("", "139.70")).toBeNull();
    expect(pointOf("north", "139.70")).toBeNull();
  });
});
