import type { RealtimeChannel } from "@supabase/supabase-js";
import { LIVE_EVENTS, type CommentHiddenPayload, type TypingPayload } from "@/lib/realtime/event-broadcasts";
import { createLiveStore, type LiveStore } from "./live-store";
import { createThrottle, TYPING_THROTTLE_MS } from "./typing";

export type Viewer = { id: string; name: string };
/** Who types, as others see it: the page view's opaque presence key and a name. */
export type Typist = { key: string; name: string };

/** What the event page's components may do on its live channel. */
export type EventLive = {
  store: LiveStore;
  /** Call on every keystroke in a comment box; sends at most every TYPING_THROTTLE_MS. */
  sendTyping(): void;
  /** The comment was posted or abandoned: others drop the line at once. */
  stopTyping(): void;
  announceHidden(commentId: string): void;
  /** Internal: the channel the page opened, or null between channels. */
  attach(channel: RealtimeChannel | null, typist: Typist | null): void;
};

/**
 * Holds the page's channel once it is open. Components get this object (stable for the page's
 * life) through context; sends before the channel has joined are dropped, never queued or sent
 * over REST (typing is worthless late).
 */
export function createEventLive(): EventLive {
  const store = createLiveStore();
  let channel: RealtimeChannel | null = null;
  let typist: Typist | null = null;

  const send = (event: string, payload: Record<string, unknown>) => {
    if (!channel || channel.state !== "joined") return;
    void channel.send({ type: "broadcast", event, payload });
  };
  const typing = createThrottle(() => {
    if (typist) send(LIVE_EVENTS.typing, { key: typist.key, name: typist.name } satisfies TypingPayload);
  }, TYPING_THROTTLE_MS);

  return {
    store,
    sendTyping: () => typing.call(),
    stopTyping() {
      typing.reset();
      if (typist) send(LIVE_EVENTS.typing, { key: typist.key, name: typist.name, stop: true } satisfies TypingPayload);
    },
    announceHidden: (id) => send(LIVE_EVENTS.commentHidden, { id } satisfies CommentHiddenPayload),
    attach(next, who) {
      channel = next;
      typist = who;
      typing.reset();
      if (!next) store.reset();
    },
  };
}
