import { screen, within } from "@testing-library/react";
import { data } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";
import { buildRoutes, pageRoutes } from "./router";

function ThrowingPage(): never {
  throw new Error("Kaboom: the page broke");
}

describe("route error boundary", () => {
  beforeEach(() => {
    // React and React Router log caught render errors; keep the test output readable.
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows a friendly message, the error text and a way home when a page throws", async () => {
    renderApp("/boom", buildRoutes([{ path: "boom", Component: ThrowingPage }, ...pageRoutes]));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeDefined();
    const main = screen.getByRole("main");
    const details = main.querySelector("details");
    expect(details?.textContent).toContain("Kaboom: the page broke");
    expect(within(main).getByRole("link", { name: "Go home" }).getAttribute("href")).toBe("/");
    // The error renders inside the shell, so the nav stays usable.
    expect(screen.getByRole("navigation", { name: "Primary" })).toBeDefined();
    expect(document.title).toBe("Something went wrong · Gather");
  });

  it("says 'Page not found' when a route throws a 404 response", async () => {
    const missingEvent = {
      path: "events/:slug",
      loader: () => {
        throw data("No event with that link", { status: 404, statusText: "Not Found" });
      },
      Component: () => null,
    };
    renderApp("/events/gone", buildRoutes([missingEvent, ...pageRoutes]));

    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeDefined();
    expect(screen.getByRole("main").querySelector("details")?.textContent).toContain(
      "404 Not Found: No event with that link",
    );
  });
});
