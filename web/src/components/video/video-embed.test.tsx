import { fireEvent, screen } from "@testing-library/react";
import { render } from "@/test/render";
import { afterEach, describe, expect, it } from "vitest";
import { resetConsent, setConsent } from "@/lib/consent";
import { VideoEmbed } from "./video-embed";

afterEach(() => resetConsent());

describe("VideoEmbed", () => {
  it("shows a local facade and loads the YouTube player only after the click", () => {
    const { container } = render(<VideoEmbed source={{ kind: "youtube", id: "aqz-KE-bpKQ" }} title="Engines" />);
    // Nothing from the provider before the click: no iframe, no image, no link to them.
    expect(container.querySelector("iframe, img, link")).toBeNull();
    expect(container.innerHTML).not.toMatch(/youtube\.com|youtube-nocookie|ytimg|googlevideo/);
    expect(screen.getByText(/Pressing play loads content from YouTube/)).toBeDefined();

    fireEvent.click(screen.getByRole("button", { name: "Play video: Engines" }));
    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(frame?.getAttribute("title")).toBe("Engines (YouTube video)");
    expect(document.activeElement).toBe(frame);
  });

  it("plays Vimeo with do-not-track after the click", () => {
    const { container } = render(<VideoEmbed source={{ kind: "vimeo", id: "76979871" }} title="Bugs" />);
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play video: Bugs" }));
    expect(container.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
  });

  it("still waits for the click with media consent, without the cookie notice", () => {
    setConsent({ analytics: false, media: true });
    const { container } = render(<VideoEmbed source={{ kind: "youtube", id: "aqz-KE-bpKQ" }} title="Engines" />);
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByText("Plays from YouTube.")).toBeDefined();
    expect(screen.queryByText(/may set cookies/)).toBeNull();
  });

  it("plays an uploaded file in the native player without preloading it", () => {
    const { container } = render(<VideoEmbed source={{ kind: "file", src: "/storage/v1/object/public/event-videos/e/v.mp4" }} title="Recap" />);
    const video = container.querySelector("video");
    expect(video?.getAttribute("preload")).toBe("none");
    expect(video?.hasAttribute("controls")).toBe(true);
    expect(video?.getAttribute("aria-label")).toBe("Recap");
  });
});
