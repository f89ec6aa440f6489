import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

async function openDiscover() {
  const view = renderApp("/");
  await screen.findByRole("heading", { level: 1, name: "Discover events" });
  const nav = within(screen.getByRole("navigation", { name: "Primary" }));
  return { ...view, nav, button: nav.getByRole("button", { name: "Menu" }) };
}

describe("the header's menu (phones)", () => {
  it("is a disclosure: aria-expanded and aria-controls name the list it shows", async () => {
    const { button } = await openDiscover();
    const list = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(list.className).toContain("hidden");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(list.className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("moves focus to its first link on opening, and Escape closes it with focus back on the button", async () => {
    const { button, nav } = await openDiscover();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(nav.getByRole("link", { name: "Discover" })));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("closes when a link in it is followed, and when a click lands outside the header", async () => {
    const { button, nav } = await openDiscover();
    fireEvent.click(button);
    fireEvent.click(nav.getByRole("link", { name: "Groups" }));
    await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("false"));
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerDown(screen.getByRole("main"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps Sign in out of the menu, in the header's row", async () => {
    const { button, nav } = await openDiscover();
    const list = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(list.contains(nav.getByRole("link", { name: "Sign in" }))).toBe(false);
    expect(list.contains(nav.getByRole("link", { name: "Create event" }))).toBe(true);
  });
});
