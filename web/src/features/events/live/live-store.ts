import { activeTypers, addTyper, removeTyper, type Typer } from "./typing";

export type LiveSnapshot = {
  /** People on this event page now (presence), null until the channel has synced. */
  viewers: number | null;
  /** Others typing a comment, oldest first. */
  typers: Typer[];
};

export type LiveStore = ReturnType<typeof createLiveStore>;

const EMPTY: LiveSnapshot = { viewers: null, typers: [] };

/**
 * The event page's presence and typing state, outside React so that a keystroke elsewhere
 * re-renders only the two small components that show it (useSyncExternalStore).
 * Typers expire by themselves: one timer is kept for the earliest expiry.
 */
export function createLiveStore(now: () => number = Date.now) {
  let snapshot = EMPTY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (next: LiveSnapshot) => {
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const prune = () => {
    timer = undefined;
    set({ ...snapshot, typers: activeTypers(snapshot.typers, now()) });
    schedule();
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (snapshot.typers.length === 0) return;
    const next = Math.min(...snapshot.typers.map((t) => t.expiresAt));
    timer = setTimeout(prune, Math.max(0, next - now()));
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setViewers(viewers: number) {
      if (viewers !== snapshot.viewers) set({ ...snapshot, viewers });
    },
    typing(key: string, name: string) {
      set({ ...snapshot, typers: addTyper(activeTypers(snapshot.typers, now()), { key, name }, now()) });
      schedule();
    },
    stopTyping(key: string) {
      const typers = removeTyper(snapshot.typers, key);
      if (typers !== snapshot.typers) set({ ...snapshot, typers });
      schedule();
    },
    /** Back to "not connected" (the page left this event, or the channel closed). */
    reset() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      set(EMPTY);
    },
  };
}
