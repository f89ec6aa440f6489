import { fireEvent, screen } from "@testing-library/react";
import { render } from "@/test/render";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { LocationPicker } from "./location-picker";
import { parseDraft, type LatLng } from "./location-picker-fields";

function Controlled({ initial, spy }: { initial: LatLng | null; spy: (v: LatLng | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LocationPicker value={value} onChange={(v) => { spy(v); setValue(v); }} />
      <button type="button" onClick={() => setValue({ lat: 52.52, lng: 13.405 })}>Berlin</button>
    </>
  );
}

describe("LocationPicker", () => {
  it("renders the map with its label and the coordinates as editable boxes", async () => {
    render(<Controlled initial={{ lat: 38.7036, lng: -9.1784 }} spy={() => {}} />);
    expect(screen.getByRole("region", { name: "Map: click to place the pin" })).toBeDefined();
    expect((screen.getByLabelText("Latitude") as HTMLInputElement).value).toBe("38.7036");
    expect((screen.getByLabelText("Longitude") as HTMLInputElement).value).toBe("-9.1784");
    // Leaflet drew its pane, the draggable pin and the attribution.
    expect(document.querySelector(".leaflet-marker-draggable, .leaflet-marker-icon")).not.toBeNull();
    expect(document.querySelector(".leaflet-control-attribution")?.textContent).toContain("OpenStreetMap");
  });

  it("reports typed coordinates once both are valid, and says what is wrong otherwise", () => {
    const spy = vi.fn();
    render(<Controlled initial={null} spy={spy} />);
    const lat = screen.getByLabelText("Latitude");
    const lng = screen.getByLabelText("Longitude");
    fireEvent.change(lat, { target: { value: "51.5" } });
    expect(spy).not.toHaveBeenCalled();
    fireEvent.change(lng, { target: { value: "-0,12" } });
    expect(spy).toHaveBeenLastCalledWith({ lat: 51.5, lng: -0.12 });

    fireEvent.change(lat, { target: { value: "95" } });
    fireEvent.blur(lat);
    expect(screen.getByText("Latitude must be a number from -90 to 90.")).toBeDefined();
    expect(lat.getAttribute("aria-invalid")).toBe("true");
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("shows a point set from outside in the boxes", () => {
    render(<Controlled initial={null} spy={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Berlin" }));
    expect((screen.getByLabelText("Latitude") as HTMLInputElement).value).toBe("52.52");
    expect((screen.getByLabelText("Longitude") as HTMLInputElement).value).toBe("13.405");
  });

  it("parses coordinates strictly", () => {
    expect(parseDraft({ lat: "", lng: " " })).toBeNull();
    expect(parseDraft({ lat: "12", lng: "" })).toBeUndefined();
    expect(parseDraft({ lat: "12abc", lng: "3" })).toBeUndefined();
    expect(parseDraft({ lat: "-90", lng: "180" })).toEqual({ lat: -90, lng: 180 });
    expect(parseDraft({ lat: "1.12345678", lng: "2" })).toEqual({ lat: 1.123457, lng: 2 });
  });
});
