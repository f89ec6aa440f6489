import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveStore } from "./live-store";
import { activeTypers, addTyper, createThrottle, removeTyper, TYPING_TTL_MS, typingText } from "./typing";

describe("createThrottle", () => {
  it("sends the first keystroke at once, then at most once per interval", () => {
    let now = 0;
    const fn = vi.fn();
    const throttle = createThrottle(fn, 1500, () => now);
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (now = 100; now < 1500; now += 100) throttle.call();
    expect(fn).toHaveBeenCalledTimes(1);
    now = 1500;
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("lets the next call through after a reset (a posted comment)", () => {
    let now = 0;
    const fn = vi.fn();
    const throttle = createThrottle(fn, 1500, () => now);
    throttle.call();
    now = 10;
    throttle.reset();
    throttle.call();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe("typers", () => {
  it("refreshes a typer instead of listing them twice", () => {
    let typers = addTyper([], { key: "g", name: "Grace" }, 0);
    typers = addTyper(typers, { key: "a", name: "Alan" }, 500);
    typers = addTyper(typers, { key: "g", name: "Grace" }, 1000);
    expect(typers.map((t) => [t.key, t.expiresAt])).toEqual([["a", 500 + TYPING_TTL_MS], ["g", 1000 + TYPING_TTL_MS]]);
  });

  it("expires typers after the TTL, and removes one on stop", () => {
    const typers = [...addTyper([], { key: "g", name: "Grace" }, 0), ...addTyper([], { key: "a", name: "Alan" }, 2000)];
    expect(activeTypers(typers, TYPING_TTL_MS - 1).map((t) => t.key)).toEqual(["g", "a"]);
    expect(activeTypers(typers, TYPING_TTL_MS).map((t) => t.key)).toEqual(["a"]);
    expect(removeTyper(typers, "a").map((t) => t.key)).toEqual(["g"]);
  });

  it("says who is typing", () => {
    expect(typingText([])).toBeNull();
    expect(typingText(["Grace Hopper"])).toBe("Grace Hopper is typing…");
    expect(typingText(["Grace Hopper", "Alan Turing"])).toBe("Grace Hopper and Alan Turing are typing…");
    expect(typingText(["A", "B", "C"])).toBe("3 people are typing…");
  });
});

describe("the live store", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("shows a typer for about 3 s after their last message, then clears by itself", () => {
    const store = createLiveStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.typing("g", "Grace");
    expect(store.getSnapshot().typers.map((t) => t.name)).toEqual(["Grace"]);

    vi.advanceTimersByTime(2000);
    store.typing("g", "Grace"); // still typing: the line stays
    vi.advanceTimersByTime(2500);
    expect(store.getSnapshot().typers).toHaveLength(1);

    vi.advanceTimersByTime(600);
    expect(store.getSnapshot().typers).toEqual([]);
    expect(listener).toHaveBeenCalled();
  });

  it("drops a typer at once when they stop, and keeps the others", () => {
    const store = createLiveStore();
    store.typing("g", "Grace");
    store.typing("a", "Alan");
    store.stopTyping("g");
    expect(store.getSnapshot().typers.map((t) => t.name)).toEqual(["Alan"]);
  });

  it("counts viewers and resets to unknown", () => {
    const store = createLiveStore();
    const before = store.getSnapshot();
    store.setViewers(2);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().viewers).toBe(2);
    const same = store.getSnapshot();
    store.setViewers(2);
    expect(store.getSnapshot()).toBe(same); // no re-render for no change
    store.typing("g", "Grace");
    store.reset();
    expect(store.getSnapshot()).toEqual({ viewers: null, typers: [] });
  });
});
