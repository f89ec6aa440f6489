import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateEnglish } from "@/test/i18n";
import { renderApp } from "@/test/render-app";

function primaryNav() {
  return within(screen.getByRole("navigation", { name: "Primary" }));
}

describe("app shell", () => {
  it("has a skip link that targets the main landmark", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Discover events" });

    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(skip.getAttribute("href")).toBe("#main");
    expect(screen.getByRole("main").id).toBe("main");
    // It is the first thing a keyboard user reaches.
    expect(document.querySelector("a[href]")).toBe(skip);
  });

  it("links the wordmark home and lists the primary nav", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Discover events" });

    expect(screen.getByRole("link", { name: "Gather" }).getAttribute("href")).toBe("/");
    const nav = primaryNav();
    expect(nav.getByRole("link", { name: "Discover" }).getAttribute("href")).toBe("/");
    expect(nav.getByRole("link", { name: "Create event" }).getAttribute("href")).toBe(
      "/events/new",
    );
    expect(nav.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(screen.getByRole("contentinfo").textContent).toContain("© ");
  });

  it("marks only the active link with aria-current and moves it on navigation", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Discover events" });

    const nav = primaryNav();
    expect(nav.getByRole("link", { name: "Discover" }).getAttribute("aria-current")).toBe("page");
    expect(nav.getByRole("link", { name: "Create event" }).hasAttribute("aria-current")).toBe(false);
    expect(nav.getByRole("link", { name: "Sign in" }).hasAttribute("aria-current")).toBe(false);

    fireEvent.click(nav.getByRole("link", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeDefined();
    expect(nav.getByRole("link", { name: "Sign in" }).getAttribute("aria-current")).toBe("page");
    expect(nav.getByRole("link", { name: "Discover" }).hasAttribute("aria-current")).toBe(false);
  });
});

describe("the language switcher", () => {
  afterEach(activateEnglish);

  it("shows the app in the chosen language, with <html lang>, and remembers the choice", async () => {
    renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Discover events" });

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "fr" } });

    // The French catalogue is compiled on first import here, which takes a moment.
    const nav = await screen.findByRole("navigation", { name: "Principale" }, { timeout: 10_000 });
    expect(within(nav).getByRole("link", { name: "Découvrir" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Se connecter" })).toBeDefined();
    expect(document.documentElement.lang).toBe("fr");
    expect(document.documentElement.dir).toBe("ltr");
    expect(localStorage.getItem("gather.locale")).toBe("fr");
    expect(screen.getByRole("combobox", { name: "Langue" })).toBeDefined();
  });
});
