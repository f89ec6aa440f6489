import { render, type ComponentChild } from "preact";

/**
 * `react-dom/client`'s `createRoot` in the shipped build (web/vite.config.ts aliases it here).
 * preact/compat's own clears the root before its first render, as React does; Preact's `render`
 * instead draws over the elements already there — a page's first screen from the HTML
 * (decision 0168) — reusing each where the tag matches and setting or removing attributes to
 * the app's, so the first render creates and lays out only what is new (decision 0196).
 */
export function createRoot(container: Element) {
  return {
    render(children: ComponentChild) {
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}
