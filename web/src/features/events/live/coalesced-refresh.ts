/**
 * A refresh asked for by live changes on a page many people watch at once. Every viewer of an
 * event page hears every RSVP: at a hundred RSVPs a second, a thousand viewers re-reading who is
 * going on each would ask the server a hundred thousand times a second. Here each viewer refreshes
 * at most once per `viewers() × perViewerMs` (capped at `maxIntervalMs`), at a random point in
 * that window, so the whole audience asks about 1,000 / `perViewerMs` times a second whatever its
 * size, spread out rather than all at once, while a page a few people watch stays immediate.
 */
export function coalescedRefresh(
  run: () => void,
  opts: { viewers: () => number; perViewerMs: number; maxIntervalMs: number; now?: () => number; random?: () => number },
): { request: () => void } {
  const { viewers, perViewerMs, maxIntervalMs, now = Date.now, random = Math.random } = opts;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRun = -Infinity;
  return {
    request() {
      if (timer !== undefined) return; // one already due covers this change too
      const interval = Math.min(maxIntervalMs, Math.max(1, viewers()) * perViewerMs);
      const earliest = Math.max(0, lastRun + interval - now());
      timer = setTimeout(() => {
        timer = undefined;
        lastRun = now();
        run();
      }, earliest + random() * interval);
    },
  };
}
