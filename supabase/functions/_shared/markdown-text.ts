// An event's Markdown description as plain text, for places that show text as typed: a calendar
// file's DESCRIPTION, Google Calendar's details. "**Bring** a [laptop](https://x.example)" reads
// "Bring a laptop (https://x.example)" there, not with its asterisks and brackets (issue 32).
// Line-based and forgiving: what is not Markdown is left as typed.

const ESCAPABLE = /\\([\\`*_{}[\]()#+\-.!~|<>])/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/** Inline markup of one line: links, images, code, emphasis, strike-through, tags, entities. */
function inline(line: string): string {
  // Escaped characters are set aside first, so `\*` stays an asterisk.
  const kept: string[] = [];
  let s = line.replace(ESCAPABLE, (_, c: string) => `\uE000${kept.push(c) - 1}\uE001`);
  s = s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi, '')
    .replace(/`+([^`]+?)`+/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, '$1')
    // An underscore emphasises only at a word's edge: snake_case stays as typed.
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!);
  return s.replace(/\uE000(\d+)\uE001/g, (_, i: string) => kept[Number(i)]!);
}

/** The text of a Markdown document, with its paragraphs, line breaks and list items kept. */
export function markdownToPlainText(source: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const opensOrCloses = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (opensOrCloses && (fence === null || opensOrCloses[1]!.startsWith(fence))) {
      fence = fence === null ? opensOrCloses[1]! : null;
      continue;
    }
    // Code is shown as typed.
    if (fence !== null) {
      out.push(raw);
      continue;
    }
    const previous = out.at(-1)?.trim() ?? '';
    // A setext heading's underline under a line of text; a rule on its own.
    if (previous && /^\s{0,3}(=+|-+)\s*$/.test(raw)) continue;
    if (/^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/.test(raw)) {
      out.push('');
      continue;
    }
    const line = raw
      .replace(/^\s{0,3}#{1,6}(?:\s+|$)/, '')
      .replace(/\s+#+\s*$/, '')
      .replace(/^(?:\s{0,3}>\s?)+/, '')
      .replace(/^(\s*)[*+](\s+)/, '$1-$2');
    out.push(inline(line).replace(/\s+$/, ''));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
