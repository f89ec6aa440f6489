import { describe, expect, it } from "vitest";
import { mediaObjectName, mediaProblem } from "./media-rules";

const MB = 1024 * 1024;

describe("the buckets' limits, checked before uploading", () => {
  it("takes JPEG, PNG and WebP covers up to 5 MB", () => {
    expect(mediaProblem("cover", { type: "image/png", size: 5 * MB })).toBeNull();
    expect(mediaProblem("cover", { type: "image/webp", size: 10 })).toBeNull();
    expect(mediaProblem("cover", { type: "image/gif", size: 10 })).toBe("The cover must be a JPEG, PNG or WebP image.");
    expect(mediaProblem("cover", { type: "image/jpeg", size: 5 * MB + 1 })).toBe("The cover image can be at most 5 MB.");
  });

  it("takes MP4 and WebM videos up to 100 MB", () => {
    expect(mediaProblem("video", { type: "video/webm", size: 100 * MB })).toBeNull();
    expect(mediaProblem("video", { type: "video/quicktime", size: 10 })).toBe("The video must be an MP4 or WebM file.");
    expect(mediaProblem("video", { type: "video/mp4", size: 100 * MB + 1 })).toBe("The video can be at most 100 MB.");
  });

  it("names the object under the event's folder, as the storage policies require", () => {
    expect(mediaObjectName("cover", "0b9d", { type: "image/webp" }, "12345678-aaaa")).toBe("0b9d/cover-12345678.webp");
    expect(mediaObjectName("video", "e1", { type: "video/mp4" }, "abcdefgh-1")).toBe("e1/video-abcdefgh.mp4");
  });
});
