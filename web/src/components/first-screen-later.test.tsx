import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDrawnAfterFirstScreen } from "./first-screen-later";

/** A part of the first screen as page-head sends it, marked for the app. */
function firstScreen(): { nav: HTMLElement; link: HTMLAnchorElement } {
  const nav = document.createElement("nav");
  nav.setAttribute("data-first-screen-later", "views");
  nav.innerHTML = `<a data-from="html" href="/">List</a><a data-from="html" href="/?view=map">Map</a>`;
  document.body.append(nav);
  return { nav, link: nav.querySelector("a")! };
}

function Views() {
  const later = useDrawnAfterFirstScreen("views");
  return (
    <nav ref={later.ref} data-testid="app">
      {later.drawn && (
        <>
          <a data-from="app" href="/">List</a>
          <a data-from="app" href="/?view=map">Map</a>
        </>
      )}
    </nav>
  );
}

const origins = (root: HTMLElement) => [...root.querySelectorAll('[data-testid="app"] > *')].map((c) => c.getAttribute("data-from"));

afterEach(() => document.body.replaceChildren());

describe("useDrawnAfterFirstScreen", () => {
  it("keeps the HTML's own children for the first render, then draws the app's in a later task", async () => {
    const html = firstScreen();
    const { container } = render(<Views />);
    // The first render holds the HTML's links themselves (moved, not copied), in order, nothing else.
    expect(origins(container)).toEqual(["html", "html"]);
    expect(container.querySelector("a")).toBe(html.link);
    expect(html.nav.hasAttribute("data-first-screen-later")).toBe(false);
    // A task later the app's own, and the HTML's are gone: never both.
    await waitFor(() => expect(origins(container)).toEqual(["app", "app"]));
    expect(html.link.isConnected).toBe(false);
  });

  it("draws at once when the first screen's part was taken already (a second mount)", () => {
    firstScreen();
    render(<Views />).unmount();
    const { container } = render(<Views />);
    expect(origins(container)).toEqual(["app", "app"]);
  });
});
