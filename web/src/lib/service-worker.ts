// Registers the service worker (build/service-worker.js, decision 0162) once the app has drawn
// its first page and the main thread is idle (decision 0249), so it never competes with the first
// paint or the app's start. Production builds only: in `vite dev` a worker would keep serving
// stale modules.

/** The same-origin hashed files among `entries`: kept by the worker for offline visits. */
function assetsOf(entries: PerformanceEntryList): string[] {
  return entries
    .map((entry) => entry.name)
    .filter((href) => {
      const url = new URL(href);
      return url.origin === window.location.origin && url.pathname.startsWith("/assets/");
    });
}

/** Tells the active worker what the page loaded before the worker controlled it. */
function sendLoadedAssets(registration: ServiceWorkerRegistration, urls = assetsOf(performance.getEntriesByType("resource"))): void {
  if (urls.length) registration.active?.postMessage({ type: "keep-assets", urls });
}

/** Call once the app has rendered its first page. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      sendLoadedAssets(registration);
      // The first visit: chunks a route loaded between registering and taking control, and
      // those already on their way then (a lazy chunk of the shell), which finish later: each
      // file that finishes loading is sent too (the worker skips what it keeps already).
      navigator.serviceWorker.addEventListener("controllerchange", () => sendLoadedAssets(registration), { once: true });
      new PerformanceObserver((list) => sendLoadedAssets(registration, assetsOf(list.getEntries()))).observe({ type: "resource" });
    } catch {
      // No worker (private mode, blocked): the app works online as before.
    }
  };
  // After `load` (the page's own files first), and when idle: the worker's install (its script,
  // the shell's files, then every file the page loaded, and taking over the page's requests) ran
  // beside the app's start when it came at `load`, since over a first screen the app starts then.
  // Safari has no requestIdleCallback: a second's wait there.
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(() => void register(), { timeout: 2000 }) : setTimeout(() => void register(), 1000);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
