import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainParagraphs, type Piece } from "./plain-text";
import { renderMarkdown } from "./render-markdown";

/** What the plain path puts on the page, as HTML (text escaped as the DOM would). */
function plainHtml(paragraphs: Piece[][][]): string {
  const div = document.createElement("div");
  const node = (piece: Piece) => {
    if (typeof piece === "string") return piece;
    const [tag, text] = "strong" in piece ? ["strong", piece.strong] : ["em", piece.em];
    const el = document.createElement(tag);
    el.append(text);
    return el;
  };
  for (const lines of paragraphs) {
    const p = document.createElement("p");
    lines.forEach((line, i) => {
      if (i > 0) p.append(document.createElement("br"));
      p.append(...line.map(node));
    });
    div.append(p);
  }
  return div.innerHTML;
}

/** marked's output without the newlines it puts between block tags (not rendered). */
function markdownHtml(source: string): string {
  return renderMarkdown(source).replace(/>\n+/g, ">").trim();
}

/** Whenever the plain path takes a text made of `parts`, its DOM is the renderer's. */
function agreesWithRenderer(parts: fc.Arbitrary<string[]>, numRuns: number): void {
  fc.assert(
    fc.property(parts.map((ps) => ps.join("")), (source) => {
      const paragraphs = plainParagraphs(source);
      if (paragraphs) expect(plainHtml(paragraphs)).toBe(markdownHtml(source));
    }),
    { numRuns },
  );
}

describe("plainParagraphs", () => {
  it("takes plain paragraphs and line breaks as they are", () => {
    expect(plainParagraphs("Six seats, many games.\nWe teach every game.\n\nThis one fills fast (really).")).toEqual([
      [["Six seats, many games."], ["We teach every game."]],
      [["This one fills fast (really)."]],
    ]);
  });

  it("takes bold and italic phrases between spaces", () => {
    expect(plainParagraphs("Hands-on, from **Babbage's engines** to *your* laptop.")).toEqual([
      [["Hands-on, from ", { strong: "Babbage's engines" }, " to ", { em: "your" }, " laptop."]],
    ]);
  });

  it.each([
    "a _word_",
    "in**word**s",
    "**not closed",
    "* a list item",
    "***both***",
    "**a *nested* one**",
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
    "a\n:-",
    "Tom &amp; Jerry",
    "<b>raw</b>",
    "line with a hard break  \nnext",
    "`code`",
    "an escape \\* here",
  ])("leaves Markdown to the renderer: %j", (source) => {
    expect(plainParagraphs(source)).toBeNull();
  });

  it("renders exactly what the Markdown renderer renders, whenever it applies", () => {
    // Words, spaces, punctuation, line breaks and asterisks in any order: emphasis where the
    // plain path takes it, and every way around it that it must leave to the renderer.
    const token = fc.constantFrom("word", "Ada", "é", " ", " ", ".", ",", "'", "(", ")", "?", "\n", "\n\n", "*", "**", "***");
    agreesWithRenderer(fc.array(token, { maxLength: 24 }), 2000);
  }, 30_000);

  it("renders exactly what the Markdown renderer renders on plain text", () => {
    // Mostly what plain text is made of, with what matters at a line's start or end.
    const char = fc.constantFrom(..."abc XYZ éß 1 2 .,;:'\"?()/-+=\n\n\n\t*".split(""));
    agreesWithRenderer(fc.array(char, { maxLength: 80 }), 1000);
  }, 30_000);
});
