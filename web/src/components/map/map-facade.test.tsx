import { fireEvent, screen } from "@testing-library/react";
import { render } from "@/test/render";
import { describe, expect, it } from "vitest";
import { MapFacade } from "./map-facade";

describe("MapFacade", () => {
  it("draws no map until asked, then loads it in place and can hide it again", async () => {
    render(<MapFacade lat={38.7036} lng={-9.1784} name="LX Factory" />);
    const button = screen.getByRole("button", { name: "Show map" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.querySelector(".leaflet-container")).toBeNull();

    fireEvent.click(button);
    expect(await screen.findByRole("region", { name: "Map of LX Factory" })).toBeDefined();
    expect(document.querySelector(".leaflet-container")).not.toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Hide map" }));
    expect(screen.queryByRole("region", { name: "Map of LX Factory" })).toBeNull();
  });
});
