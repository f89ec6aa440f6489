import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useCardsInTurns } from "./cards-in-turns";

/** Discover's list as page-head sends it: `count` cards, each an <article> with its link. */
function firstScreen(count: number): HTMLUListElement {
  const ul = document.createElement("ul");
  ul.setAttribute("data-first-screen-cards", "");
  ul.innerHTML = Array.from({ length: count }, (_, i) => `<li><article data-from="html"><h2><a href="/events/e${i}">E${i}</a></h2></article></li>`).join("");
  document.body.append(ul);
  return ul;
}

/** The app's list: a drawn card is the app's own <article>. */
function List({ hrefs }: { hrefs: string[] }) {
  const cards = useCardsInTurns(hrefs);
  return (
    <ul>
      {hrefs.map((href, i) =>
        cards.drawn(i) ? (
          <li key={href}>
            <article data-from="app">{href}</article>
          </li>
        ) : (
          <li key={href} ref={cards.keep(i)} />
        ),
      )}
    </ul>
  );
}

const hrefs = (n: number) => Array.from({ length: n }, (_, i) => `/events/e${i}`);
const origins = (root: HTMLElement) => [...root.querySelectorAll("li")].map((li) => [...li.children].map((c) => c.getAttribute("data-from")).join("+"));

afterEach(() => document.body.replaceChildren());

describe("useCardsInTurns", () => {
  it("keeps the HTML's cards in place until their turn, then draws the app's, one a turn", async () => {
    const html = firstScreen(9);
    const { container } = render(<List hrefs={hrefs(10)} />);
    // The first and the one the HTML lacked are drawn at once; every other <li> holds the
    // HTML's own card (the same element, moved), never nothing, never both.
    const first = origins(container);
    expect(first).toEqual(["app", ...Array<string>(8).fill("html"), "app"]);
    expect(html.hasAttribute("data-first-screen-cards")).toBe(false);
    // Turn by turn (e2e first-screen.test.ts watches each one in Chromium) until all are the app's.
    await waitFor(() => expect(origins(container)).toEqual(Array<string>(10).fill("app")));
    // The HTML's cards were moved into the app's list and then dropped; only the first, which
    // the app draws over in place (here a separate list), is left behind.
    expect(html.querySelectorAll("article").length).toBe(1);
  });

  it("draws every card at once without a first screen", () => {
    const { container } = render(<List hrefs={hrefs(5)} />);
    expect(origins(container)).toEqual(Array<string>(5).fill("app"));
  });
});
