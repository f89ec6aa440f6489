import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

const NOW = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe("timeAgo", () => {
  it("counts in the largest unit that fits", () => {
    expect(timeAgo(ago(10_000), NOW, "en")).toBe("just now");
    expect(timeAgo(ago(5 * 60_000), NOW, "en")).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * 3600_000), NOW, "en")).toBe("3 hours ago");
    expect(timeAgo(ago(24 * 3600_000), NOW, "en")).toBe("yesterday");
    expect(timeAgo(ago(3 * 86400_000), NOW, "en")).toBe("3 days ago");
    expect(timeAgo(ago(30 * 86400_000), NOW, "en")).toBe("Oct 26");
  });
});
