import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";
import { buildRoutes } from "./router";

describe("routes", () => {
  it("shows Discover with its empty state at /", async () => {
    renderApp("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Discover events" }),
    ).toBeDefined();
    expect(screen.getByRole("heading", { level: 2, name: "No events yet" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Create an event" }).getAttribute("href")).toBe(
      "/events/new",
    );
    expect(document.title).toBe("Discover events · Gather");
  });

  it("shows the sign-in placeholder at /auth/sign-in", async () => {
    renderApp("/auth/sign-in");

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeDefined();
    expect(screen.getByText(/coming soon/i)).toBeDefined();
    expect(document.title).toBe("Sign in · Gather");
  });

  it("shows a 404 page with a link home for an unknown path", async () => {
    renderApp("/no/such/page");

    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeDefined();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Back to Discover" }).getAttribute("href")).toBe(
      "/",
    );
    expect(document.title).toBe("Page not found · Gather");
  });

  it("keeps the shell on screen and shows a spinner while a page's code loads", async () => {
    const neverLoads = () => new Promise<never>(() => {});
    renderApp("/", buildRoutes([{ index: true, lazy: neverLoads }]));

    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("Loading…");
    expect(within(screen.getByRole("main")).getByRole("status")).toBe(status);
    expect(screen.getByRole("navigation", { name: "Primary" })).toBeDefined();
  });
});
