import { useEffect, useState } from "react";

/** Cards the app's first render draws over the HTML's (decisions 0197, 0248); then this many a turn. */
const FIRST = 1;
const PER_TURN = 1;

/**
 * The cards of Discover's first screen (page-head's `ul[data-first-screen-cards]`), by their
 * link, beyond the first `FIRST`: those the first render draws over as any element. Taken once.
 */
function takeFirstScreenCards(): Map<string, Element> {
  const cards = new Map<string, Element>();
  const list = typeof document === "undefined" ? null : document.querySelector("ul[data-first-screen-cards]");
  if (!list) return cards;
  list.removeAttribute("data-first-screen-cards");
  for (const [i, card] of [...list.querySelectorAll(":scope > li > article")].entries()) {
    const href = card.querySelector("h2 a")?.getAttribute("href");
    if (i >= FIRST && href) cards.set(href, card);
  }
  return cards;
}

/**
 * Discover's cards drawn one per task when the app starts over the HTML's (decisions 0197, 0248):
 * drawing all 20 at once was one task of ≈ 150 ms on a phone. Until its turn, a card's `<li>`
 * keeps the HTML's own card — taken out by the render, put back by `keep`'s ref in the same task,
 * so nothing flickers or moves. A card the HTML did not have, or any card without a first
 * screen, is drawn at once. `hrefs` are the cards' links, in order.
 */
export function useCardsInTurns(hrefs: string[]): {
  drawn: (index: number) => boolean;
  keep: (index: number) => (li: HTMLLIElement | null) => void;
} {
  const [kept] = useState(takeFirstScreenCards);
  const [shown, setShown] = useState(() => (kept.size > 0 ? FIRST : Number.POSITIVE_INFINITY));

  // A card about to be drawn leaves the HTML's first, or the two would stand in one <li>. Done
  // while rendering, before the draw in the same task; repeating it is harmless.
  for (const href of hrefs.slice(0, shown)) {
    kept.get(href)?.remove();
    kept.delete(href);
  }

  useEffect(() => {
    if (shown >= hrefs.length) return;
    const turn = setTimeout(() => setShown(shown + PER_TURN), 0);
    return () => clearTimeout(turn);
  }, [shown, hrefs.length]);

  return {
    drawn: (index) => index < shown || !kept.has(hrefs[index]!),
    keep: (index) => (li) => {
      const card = kept.get(hrefs[index]!);
      if (li && card && card.parentNode !== li) li.append(card);
    },
  };
}
