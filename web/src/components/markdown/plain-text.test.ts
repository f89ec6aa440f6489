import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainParagraphs } from "./plain-text";
import { renderMarkdown } from "./render-markdown";

/** What the plain path puts on the page, as HTML (text escaped as the DOM would). */
function plainHtml(paragraphs: string[][]): string {
  const div = document.createElement("div");
  for (const lines of paragraphs) {
    const p = document.createElement("p");
    lines.forEach((line, i) => {
      if (i > 0) p.append(document.createElement("br"));
      p.append(line);
    });
    div.append(p);
  }
  return div.innerHTML;
}

/** marked's output without the newlines it puts between block tags (not rendered). */
function markdownHtml(source: string): string {
  return renderMarkdown(source).replace(/>\n+/g, ">").trim();
}

describe("plainParagraphs", () => {
  it("takes plain paragraphs and line breaks as they are", () => {
    expect(plainParagraphs("Six seats, many games.\nWe teach every game.\n\nThis one fills fast (really).")).toEqual([
      ["Six seats, many games.", "We teach every game."],
      ["This one fills fast (really)."],
    ]);
  });

  it.each([
    "Hands-on, from **Babbage's engines**",
    "a _word_",
    "see https://example.org",
    "see www.example.org",
    "mail ada@example.org",
    "# Heading",
    "- item",
    "1. first",
    "> quote",
    "Title\n===",
    "    indented code",
    "a | table",
    "Tom &amp; Jerry",
    "<b>raw</b>",
    "line with a hard break  \nnext",
    "`code`",
    "an escape \\* here",
  ])("leaves Markdown to the renderer: %j", (source) => {
    expect(plainParagraphs(source)).toBeNull();
  });

  it("renders exactly what the Markdown renderer renders, whenever it applies", () => {
    // Mostly what plain text is made of, with what matters at a line's start or end.
    const char = fc.constantFrom(..."abc XYZ éß 1 2 .,;:'\"?()/-+=\n\n\n\t*".split(""));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 80 }).map((cs) => cs.join("")), (source) => {
        const paragraphs = plainParagraphs(source);
        if (paragraphs) expect(plainHtml(paragraphs)).toBe(markdownHtml(source));
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});
