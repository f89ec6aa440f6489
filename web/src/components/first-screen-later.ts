import { useState } from "react";
import { usePaintedTaskDone } from "./after-paint";

/**
 * The HTML's own children of the first screen's element marked `data-first-screen-later="name"`
 * (page-head's markup), taken once: a later mount of the same part finds none and draws at once.
 */
function takeFirstScreenChildren(name: string): Node[] | null {
  const element = typeof document === "undefined" ? null : document.querySelector(`[data-first-screen-later="${name}"]`);
  if (!element) return null;
  element.removeAttribute("data-first-screen-later");
  return [...element.childNodes];
}

/**
 * A part of the page whose children the app draws a task after its first render when the HTML's
 * first screen has it (decision 0248): the first render over a first screen is the app's longest
 * task on a phone, and a header or a filter bar needs nothing from the page's data. Until its
 * turn the part's element keeps the HTML's own children — taken out by the first render, put back
 * by `ref` in the same task — so nothing flickers or moves. Without a first screen (tests, a
 * navigation inside the app) `drawn` is true from the start.
 */
export function useDrawnAfterFirstScreen(name: string): { drawn: boolean; ref: (element: Element | null) => void } {
  const [kept] = useState(() => takeFirstScreenChildren(name));
  const drawn = usePaintedTaskDone(kept !== null);
  // The HTML's children leave before the app's are drawn in the same element, in the same task.
  if (drawn && kept) for (const node of kept.splice(0)) node.parentNode?.removeChild(node);
  return {
    drawn,
    ref: (element) => {
      if (element && !drawn && kept) for (const node of kept) if (node.parentNode !== element) element.append(node);
    },
  };
}
