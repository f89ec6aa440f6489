import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalescedRefresh } from "./coalesced-refresh";

describe("coalescedRefresh", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const now = () => Date.now();

  it("refreshes a page few people watch at once, once for a burst of changes", () => {
    const run = vi.fn();
    const r = coalescedRefresh(run, { viewers: () => 2, perViewerMs: 10, maxIntervalMs: 10_000, now, random: () => 0.5 });
    for (let i = 0; i < 50; i++) r.request();
    vi.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
    r.request();
    vi.advanceTimersByTime(30);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("under a steady stream of changes, a thousand viewers each refresh about every 10 s", () => {
    const run = vi.fn();
    const r = coalescedRefresh(run, { viewers: () => 1000, perViewerMs: 10, maxIntervalMs: 10_000, now, random: () => 0 });
    // A change every 10 ms for a minute: 6,000 changes.
    for (let t = 0; t < 60_000; t += 10) {
      r.request();
      vi.advanceTimersByTime(10);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(run.mock.calls.length).toBeLessThanOrEqual(7);
  });

  it("never waits longer than the cap, however many watch", () => {
    const run = vi.fn();
    const r = coalescedRefresh(run, { viewers: () => 1_000_000, perViewerMs: 10, maxIntervalMs: 10_000, now, random: () => 0.999 });
    r.request();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
