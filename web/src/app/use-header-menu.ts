import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * The phone header's menu as a disclosure (a button with aria-expanded that shows a list of
 * links): opening moves focus to the first link, Escape closes it and puts focus back on the
 * button, and a navigation, a click outside the header or focus leaving it closes it.
 */
export function useHeaderMenu(container: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { pathname, search } = useLocation();

  // A link in the menu was followed (or the page changed some other way).
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) setOpen(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Node && !container.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open, container]);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  // On the header itself, not a document listener added once open: focus is in the header while
  // the menu is open (its button or a link), and an Escape pressed right after the click that
  // opened it must close it too, before any effect has run.
  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !open) return;
      setOpen(false);
      button.current?.focus();
    },
    [open],
  );
  // A link followed from the menu closes it at once, not when the next page has loaded.
  const onListClick = useCallback((e: { target: EventTarget | null }) => {
    if (e.target instanceof Element && e.target.closest("a[href]")) setOpen(false);
  }, []);
  return { open, toggle, onListClick, onKeyDown, button, list };
}
