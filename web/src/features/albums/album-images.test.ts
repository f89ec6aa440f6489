import { describe, expect, it } from "vitest";
import { fullSize, thumbnail } from "./album-images";

const PATH = "11111111-2222-4333-8444-555555555555/photo.png";

describe("album pictures from the render endpoint", () => {
  it("draws thumbnails as square crops at 1× and 2× widths", () => {
    const t = thumbnail(PATH);
    expect(t.src).toContain(`/storage/v1/render/image/public/event-albums/${PATH}?width=240&height=240&resize=cover`);
    expect(t.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["240w", "480w"]);
    expect([t.width, t.height]).toEqual([240, 240]);
  });

  it("never asks for a full-size rendition wider than the upload", () => {
    const big = fullSize(PATH, 1800, 1200);
    expect(big.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["640w", "1024w", "1600w"]);
    expect(big.src).toContain("width=1600&resize=contain");
    expect([big.width, big.height]).toEqual([1800, 1200]);
    const small = fullSize(PATH, 320, 240);
    expect(small.srcSet).toMatch(/width=320&resize=contain 320w$/);
    // Size unknown (an older browser could not read it): the whole range, no box reserved.
    const unknown = fullSize(PATH, null, null);
    expect(unknown.srcSet.split(", ")).toHaveLength(4);
    expect(unknown.width).toBeUndefined();
  });
});
