import { describe, expect, it } from "vitest";
import { embedUrl, parseVideoUrl } from "./video-url";

describe("parseVideoUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s&list=PL123", "aqz-KE-bpKQ"],
    ["https://m.youtube.com/watch?v=aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://youtu.be/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://youtu.be/aqz-KE-bpKQ?si=abc&t=10", "aqz-KE-bpKQ"],
    ["youtu.be/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/embed/aqz-KE-bpKQ?start=3", "aqz-KE-bpKQ"],
    ["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/live/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["  https://www.youtube.com/watch?v=aqz-KE-bpKQ  ", "aqz-KE-bpKQ"],
  ])("reads the YouTube id from %s", (url, id) => {
    expect(parseVideoUrl(url)).toEqual({ kind: "youtube", id });
  });

  it.each([
    ["https://vimeo.com/76979871", "76979871"],
    ["https://www.vimeo.com/76979871?share=copy", "76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "76979871"],
    ["https://player.vimeo.com/video/76979871?h=abc", "76979871"],
    ["vimeo.com/76979871", "76979871"],
  ])("reads the Vimeo id from %s", (url, id) => {
    expect(parseVideoUrl(url)).toEqual({ kind: "vimeo", id });
  });

  it.each([
    null,
    "",
    "not a url",
    "https://example.com/watch?v=aqz-KE-bpKQ",
    "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    "https://evil.example/youtu.be/aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ%22onload%3D",
    "https://www.youtube.com/watch?v=aqz\"><script>",
    "https://www.youtube.com/channel/UC1234567890",
    "https://vimeo.com/about",
    "https://vimeo.com/76979871abc",
    "https://player.vimeo.com/76979871",
    "javascript:alert(1)//youtu.be/aqz-KE-bpKQ",
    "ftp://youtu.be/aqz-KE-bpKQ",
  ])("rejects %s", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe("embedUrl", () => {
  it("uses YouTube's privacy-enhanced host and Vimeo's do-not-track player", () => {
    expect(embedUrl({ kind: "youtube", id: "aqz-KE-bpKQ" })).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(embedUrl({ kind: "vimeo", id: "76979871" })).toBe("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
  });
});
