import { describe, expect, it } from "vitest";
import { whoIsGoingMayHaveChanged } from "./open-event-channel";

const stats = (going_count: number, waitlist_count: number, spots_left: number | null = null) => ({ going_count, waitlist_count, spots_left });

describe("re-reading \"Who's going\" on a live change of counts", () => {
  it("re-reads when someone from the waitlist takes a freed place, the going count unchanged (issue 32)", () => {
    // Ten going, two waiting; one cancels and the first waiting is promoted in the same call.
    expect(whoIsGoingMayHaveChanged(stats(10, 2, 0), stats(10, 1, 0))).toBe(true);
  });

  it("re-reads when the going count changes or nothing was known, not when only the spots do", () => {
    expect(whoIsGoingMayHaveChanged(stats(10, 0, 5), stats(11, 0, 4))).toBe(true);
    expect(whoIsGoingMayHaveChanged(undefined, stats(1, 0))).toBe(true);
    expect(whoIsGoingMayHaveChanged(stats(10, 0, 5), stats(10, 0, 15))).toBe(false); // the host raised the capacity
  });
});
