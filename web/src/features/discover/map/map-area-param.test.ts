import { describe, expect, it } from "vitest";
import { areaFromParams, areaToParams } from "./map-area-param";

const read = (search: string) => areaFromParams(new URLSearchParams(search));

describe("the searched map area in the URL", () => {
  it("round-trips, rounded outwards to 4 decimals, keeping the other params", () => {
    const params = areaToParams({ south: 38.70004, west: -9.20006, north: 38.75551, east: -9.10001 }, new URLSearchParams("view=map&q=jazz"));
    expect(params.toString()).toBe("view=map&q=jazz&area=38.7%2C-9.2001%2C38.7556%2C-9.1");
    expect(areaFromParams(params)).toEqual({ south: 38.7, west: -9.2001, north: 38.7556, east: -9.1 });
    expect(areaToParams(null, params).toString()).toBe("view=map&q=jazz");
  });

  it("keeps a box across the 180° line as Leaflet reports it", () => {
    expect(read("area=-20,170,-10,190")).toEqual({ south: -20, west: 170, north: -10, east: 190 });
  });

  it("ignores what is not a box on the globe", () => {
    for (const bad of ["area=1,2,3", "area=10,0,5,1", "area=0,5,1,4", "area=-95,0,1,1", "area=0,-200,1,300", "area=a,b,c,d", "area="]) {
      expect(read(bad), bad).toBeNull();
    }
  });
});
