import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { Marked, type Tokens } from "marked";

export type MarkdownOptions = {
  /**
   * Markdown's `#` becomes h(1 + offset), capped at h6, so user text never adds a second h1 or
   * jumps over the page's own headings (the event page puts descriptions under an h2: offset 2).
   */
  headingOffset?: number;
  /** URL prefixes images may come from (e.g. our own public storage); others become their alt text. */
  imagePrefixes?: readonly string[];
};

// What user Markdown may produce. No raw HTML, no styles, classes or ids (no spoofing the app's
// own UI), no forms, media or frames.
const ALLOWED_TAGS = [
  "p", "br", "strong", "em", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr",
  "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "img",
];
const ALLOWED_ATTR = ["href", "title", "src", "alt", "start", "align"];
// http(s), mailto, and links within this site; no javascript:, data:, vbscript:, or `//host`.
const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
const LINK_REL = "noopener noreferrer nofollow ugc";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const markedByOffset = new Map<number, Marked>();

function markedFor(headingOffset: number): Marked {
  let marked = markedByOffset.get(headingOffset);
  if (!marked) markedByOffset.set(headingOffset, (marked = createMarked(headingOffset)));
  return marked;
}

function createMarked(headingOffset: number): Marked {
  return new Marked({
    gfm: true,
    // Hosts type descriptions in a textarea: a line break there is a line break on the page.
    breaks: true,
    renderer: {
      // Raw HTML in the source is shown as the text it is, never parsed.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, depth + headingOffset);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
    },
  });
}

let purifier: Purifier | undefined;

/** One DOMPurify instance of our own, so its settings never touch another module's sanitising. */
function getPurifier(): Purifier {
  purifier ??= DOMPurify(window);
  return purifier;
}

/** Links open in a new tab without handing over the page or vouching for the target. */
function finishLinks(root: DocumentFragment): void {
  for (const link of root.querySelectorAll("a")) {
    if (!SAFE_URL.test(link.getAttribute("href") ?? "")) {
      link.replaceWith(...link.childNodes); // a link to nowhere is just its text
      continue;
    }
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", LINK_REL);
  }
}

/** Images only from the allowed prefixes (no tracking pixels from anywhere); others become their alt text. */
function finishImages(root: DocumentFragment, imagePrefixes: readonly string[]): void {
  for (const image of root.querySelectorAll("img")) {
    const src = image.getAttribute("src") ?? "";
    if (!imagePrefixes.some((prefix) => src.startsWith(prefix))) {
      image.replaceWith(image.ownerDocument.createTextNode(image.getAttribute("alt") ?? ""));
      continue;
    }
    image.setAttribute("loading", "lazy");
    image.setAttribute("decoding", "async");
    image.setAttribute("referrerpolicy", "no-referrer");
  }
}

/** Markdown to HTML that is safe to put in the page with innerHTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const { headingOffset = 0, imagePrefixes = [] } = options;
  const html = markedFor(headingOffset).parse(source, { async: false });
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  finishLinks(fragment);
  finishImages(fragment, imagePrefixes);
  const container = document.createElement("div");
  container.append(fragment);
  return container.innerHTML;
}
