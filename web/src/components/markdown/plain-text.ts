// Most descriptions are a few plain paragraphs. For those, Markdown (GFM, `breaks: true`) means
// exactly this: paragraphs at blank lines, a <br> at each other line break, the text as typed.
// They render without loading or running marked and DOMPurify (decision 0157).

// Anything Markdown or our sanitising could turn into more than paragraphs and line breaks:
// emphasis, code, links and images, raw HTML and entities, tables, headings, escapes, GFM's
// autolinked URLs and e-mail addresses, lists, quotes, rules and setext underlines at a line's
// start, indented code, and spacing marked would trim.
const MARKUP = /[\\`*_~[\]<>&|#!@]|www\.|:\/\/|^\s*(?:[-+=]|\d+[.)])|^[ \t]|[ \t]$|[\t\r\f\v\u00a0]/m;

/** The paragraphs and their lines, when `source` is plain text Markdown leaves as it is; else null. */
export function plainParagraphs(source: string): string[][] | null {
  if (MARKUP.test(source)) return null;
  return source
    .replace(/^\n+|\n+$/g, "")
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => paragraph.split("\n"));
}
