import { createContext, useContext, useSyncExternalStore } from "react";
import type { EventLive } from "./event-live";
import type { LiveSnapshot } from "./live-store";

/** The event page's live channel (presence, typing, hide signals); null outside an event page. */
export const EventLiveContext = createContext<EventLive | null>(null);

export function useEventLive(): EventLive | null {
  return useContext(EventLiveContext);
}

const OFFLINE: LiveSnapshot = { viewers: null, typers: [] };
const noop = () => () => {};

/** Presence and typing, re-rendering only the caller when they change. */
export function useLiveSnapshot(): LiveSnapshot {
  const live = useEventLive();
  return useSyncExternalStore(live ? live.store.subscribe : noop, live ? live.store.getSnapshot : () => OFFLINE);
}
