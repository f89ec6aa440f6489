// Most descriptions are a few paragraphs of text, now and then a **bold** or *italic* phrase. For
// those, Markdown (GFM, `breaks: true`) means exactly this: paragraphs at blank lines, a <br> at
// each other line break, the emphasis, the text as typed. They render without loading or running
// marked and DOMPurify (decisions 0157, 0200).

// Anything Markdown or our sanitising could turn into more than that: code, links and images, raw
// HTML and entities, tables, headings, escapes, underscores, GFM's autolinked URLs and e-mail
// addresses; at a line's start lists, quotes, rules, setext underlines and a table's delimiter row
// (`:-`, which marked takes without pipes); indented code, and spacing marked would trim.
// Asterisks are left to `pieces`, but for a list's `* ` at a line's start.
const MARKUP = /[\\`_~[\]<>&|#!@]|www\.|:\/\/|^\s*(?:[-+=]|:-|\*\s|\d+[.)])|^[ \t]|[ \t]$|[\t\r\f\v\u00a0]/m;

// `**strong**` or `*em*` around text without asterisks that starts and ends with a non-space.
const EMPHASIS = /(\*\*?)([^*\s](?:[^*\n]*[^*\s])?)\1/g;
// Where CommonMark surely opens and closes such a run: after the line's start or a space, and
// before its end, a space or a closing punctuation mark. Anything else goes to the renderer.
const OPENS_AFTER = /(?:^|\s)$/;
const CLOSES_BEFORE = /^(?:$|[\s.,;:?)'"])/;

/** Part of a line: text as typed, or a strong or emphasised phrase. */
export type Piece = string | { strong: string } | { em: string };

/** The line's pieces, or null if it has an asterisk they do not account for. */
function pieces(line: string): Piece[] | null {
  const out: Piece[] = [];
  let at = 0;
  for (const match of line.matchAll(EMPHASIS)) {
    const [whole, stars, text] = match;
    const before = line.slice(at, match.index);
    if (!OPENS_AFTER.test(line.slice(0, match.index)) || !CLOSES_BEFORE.test(line.slice(match.index + whole.length))) return null;
    if (before) out.push(before);
    out.push(stars === "**" ? { strong: text! } : { em: text! });
    at = match.index + whole.length;
  }
  const rest = line.slice(at);
  if (rest) out.push(rest);
  return out.some((piece) => typeof piece === "string" && piece.includes("*")) ? null : out;
}

/** The paragraphs, their lines and each line's pieces, when Markdown would render no more; else null. */
export function plainParagraphs(source: string): Piece[][][] | null {
  if (MARKUP.test(source)) return null;
  const paragraphs = source
    .replace(/^\n+|\n+$/g, "")
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => paragraph.split("\n").map(pieces));
  return paragraphs.some((lines) => lines.includes(null)) ? null : (paragraphs as Piece[][][]);
}
