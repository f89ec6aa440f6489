import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, onPath } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";
import { buildRoutes, startLoadingPage } from "./router";

afterEach(() => vi.unstubAllGlobals());

describe("routes", () => {
  it("shows Discover with its empty state at /", async () => {
    mockApi(onPath("/rest/v1/rpc/discover_event_series", [], { "content-range": "*/0" }));
    renderApp("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Discover events" }),
    ).toBeDefined();
    expect(await screen.findByRole("heading", { level: 2, name: "No events yet" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Create an event" }).getAttribute("href")).toBe(
      "/events/new",
    );
    expect(document.title).toBe("Discover events · Gather");
  });

  it("shows the sign-in form at /auth/sign-in", async () => {
    renderApp("/auth/sign-in");

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeDefined();
    expect(screen.getByLabelText("Email")).toBeDefined();
    expect(document.title).toBe("Sign in · Gather");
  });

  it("sends signed-out visitors of a protected page to sign-in, with the way back", async () => {
    const { router } = renderApp("/events/new");

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/auth/sign-in");
    expect(router.state.location.search).toBe("?next=%2Fevents%2Fnew");
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

  it("loads the page at a path ahead of the router, which then shows it from the same load", async () => {
    const load = vi.fn(async () => ({ Component: () => <h1>Loaded early</h1> }));
    const other = vi.fn(async () => ({ Component: () => <h1>Other</h1> }));
    const routes = buildRoutes([{ path: "early", lazy: load }, { path: "other", lazy: other }]);

    startLoadingPage("/early", routes);
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    renderApp("/early", routes);
    expect(await screen.findByRole("heading", { level: 1, name: "Loaded early" })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
