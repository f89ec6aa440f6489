import { EVENT_COVER } from "@shared/page-contract";
import { describe, expect, it } from "vitest";
import { avatarImage, cardCoverImage, eventCoverImage } from "./images";

const render = `${window.location.origin}/storage/v1/render/image/public`;

describe("image renditions", () => {
  it("gives the event cover the srcset and sizes the page head preloads", () => {
    const img = eventCoverImage("host/a cover.jpg");
    expect(img.sizes).toBe(EVENT_COVER.sizes);
    expect(img.src).toBe(`${render}/event-covers/host/a%20cover.jpg?width=1024`);
    expect(img.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["480w", "768w", "1024w", "1536w"]);
    expect([img.width, img.height]).toEqual([1200, 630]);
  });

  it("gives cards widths up to 960 px and a box with the cover's ratio", () => {
    const img = cardCoverImage("h/c.png");
    expect(img.srcSet).toContain(`${render}/event-covers/h/c.png?width=320 320w`);
    expect(img.srcSet).toContain("?width=960 960w");
    expect(img.width / img.height).toBeCloseTo(1200 / 630);
  });

  it("draws avatars square at 1x and 2x", () => {
    const img = avatarImage("u/me.webp", 36);
    expect(img.src).toBe(`${render}/avatars/u/me.webp?width=36&height=36&resize=cover`);
    expect(img.srcSet).toBe(`${img.src} 1x, ${render}/avatars/u/me.webp?width=72&height=72&resize=cover 2x`);
  });
});
