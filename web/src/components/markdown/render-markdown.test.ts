import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown";

/** Parses the output the way the page will, to look at elements rather than strings. */
function dom(html: string): HTMLDivElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("renderMarkdown", () => {
  it("renders the usual Markdown", () => {
    const html = renderMarkdown("We build a **difference engine** out of _LEGO_.\n\n- gears\n- cranks\n\n`code` and ~~old~~");
    const root = dom(html);
    expect(root.querySelector("strong")?.textContent).toBe("difference engine");
    expect(root.querySelector("em")?.textContent).toBe("LEGO");
    expect(root.querySelectorAll("ul > li")).toHaveLength(2);
    expect(root.querySelector("code")?.textContent).toBe("code");
    expect(root.querySelector("del")?.textContent).toBe("old");
  });

  it("keeps single line breaks, as typed", () => {
    expect(dom(renderMarkdown("line one\nline two")).querySelector("br")).not.toBeNull();
  });

  it("demotes headings below the page's own", () => {
    const root = dom(renderMarkdown("# Big\n## Smaller\n#### Deep\n###### Deepest", { headingOffset: 2 }));
    expect(root.querySelector("h1, h2")).toBeNull();
    expect(root.querySelector("h3")?.textContent).toBe("Big");
    expect(root.querySelector("h4")?.textContent).toBe("Smaller");
    expect([...root.querySelectorAll("h6")].map((h) => h.textContent)).toEqual(["Deep", "Deepest"]);
  });

  it("never makes an h1, even without an offset", () => {
    const root = dom(renderMarkdown("# Title"));
    expect(root.querySelector("h1")).toBeNull();
    expect(root.textContent).toContain("Title");
  });

  it("opens links in a new tab without referrer, opener or endorsement", () => {
    const link = dom(renderMarkdown("[docs](https://example.com/a?b=1)")).querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://example.com/a?b=1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
  });

  it("keeps mailto links and links within the site", () => {
    const links = dom(renderMarkdown("[mail](mailto:ada@example.com) and [home](/events/x)")).querySelectorAll("a");
    expect([...links].map((a) => a.getAttribute("href"))).toEqual(["mailto:ada@example.com", "/events/x"]);
  });

  it("links bare URLs (GFM autolinks) the same way", () => {
    const link = dom(renderMarkdown("see https://example.com")).querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://example.com");
    expect(link.getAttribute("rel")).toContain("nofollow");
  });

  it.each([
    ["<script>alert(1)</script>", "script"],
    ['<img src=x onerror="alert(1)">', "img"],
    ['<iframe src="https://evil.example"></iframe>', "iframe"],
    ['<svg onload="alert(1)"><circle r="1"/></svg>', "svg"],
    ['<a href="https://x" onclick="alert(1)">x</a>', "[onclick]"],
    ['<div style="position:fixed;inset:0">cover</div>', "[style]"],
    ['<form action="https://evil.example"><input name="password"></form>', "form, input"],
    ['<object data="evil.swf"></object><embed src="evil.swf">', "object, embed"],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', "math"],
    ["<details open ontoggle=alert(1)>", "details"],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', "meta"],
    ["<style>body{display:none}</style>", "style"],
  ])("shows raw HTML as text, never as markup: %s", (payload, selector) => {
    const root = dom(renderMarkdown(`before ${payload} after`));
    expect(root.querySelector(selector)).toBeNull();
    // The source is visible as typed, so nothing silently disappears either.
    expect(root.textContent).toContain(payload.slice(0, 6));
  });

  it.each([
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](  javascript:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.example/x)",
    '[click](https://x "title" onmouseover=alert(1))',
    "<javascript:alert(1)>",
  ])("drops unsafe link targets: %s", (source) => {
    const root = dom(renderMarkdown(source));
    for (const a of root.querySelectorAll("a")) {
      expect(a.getAttribute("href")).toMatch(/^(https?:\/\/|mailto:|\/[^/]|#)/i);
    }
    for (const element of root.querySelectorAll("*")) {
      for (const name of element.getAttributeNames()) {
        expect(name.startsWith("on")).toBe(false);
        expect(element.getAttribute(name)).not.toMatch(/javascript:|vbscript:|data:/i);
      }
    }
  });

  it("drops images from other hosts, keeping their alt text", () => {
    const root = dom(renderMarkdown("![a tracking pixel](https://tracker.example/p.gif)"));
    expect(root.querySelector("img")).toBeNull();
    expect(root.textContent).toContain("a tracking pixel");
  });

  it("keeps images from the allowed prefixes, lazily and without referrer", () => {
    const prefix = "http://127.0.0.1:54321/storage/v1/object/public/";
    const root = dom(renderMarkdown(`![map](${prefix}event-covers/e/map.png)`, { imagePrefixes: [prefix] }));
    const img = root.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`${prefix}event-covers/e/map.png`);
    expect(img.getAttribute("alt")).toBe("map");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  it("does not let an image URL escape its attribute", () => {
    const prefix = "https://cdn.example/";
    const root = dom(renderMarkdown(`![x](${prefix}a.png"onerror="alert(1))`, { imagePrefixes: [prefix] }));
    for (const img of root.querySelectorAll("img")) expect(img.getAttribute("onerror")).toBeNull();
  });
});
