import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README sends a newcomer into docs/ (issue 32): every relative link there, and in the docs
// it points to, must reach a file, a folder or a heading that exists.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f)),
  join(DOCS, 'deploy', 'README.md'),
];

/** Markdown without code: links inside fences or backticks are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for a page's headings: lowercased, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = text!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Each relative link of a page that does not resolve, as "page: target (why)". */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(page, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // http:, https:, mailto:
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
    const where = `${relative(ROOT, page)}: ${target}`;
    if (!existsSync(file)) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && (statSync(file).isDirectory() || !anchors(readFileSync(file, 'utf8')).has(anchor)))
      broken.push(`${where} (no such heading)`);
  }
  return broken;
}

describe('README and docs links', () => {
  it('computes anchors as GitHub does', () => {
    expect([...anchors("# A\n## Gather's backend (`supabase/`)\n## Paid tickets (Stripe)\n## A\n```\n# not a heading\n```\n")])
      .toEqual(['a', 'gathers-backend-supabase', 'paid-tickets-stripe', 'a-1']);
  });

  it('reports a missing file and a missing heading, and ignores code and web links', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    writeFileSync(join(dir, 'other.md'), '# Other\n## Real part\n');
    const page = join(dir, 'page.md');
    writeFileSync(page, [
      '# Page', '[ok](other.md#real-part) [self](#page) [web](https://example.com/x.md)',
      '[gone](missing.md) [wrong](other.md#fake-part) `[code](nowhere.md)`', '```', '[fenced](nowhere.md)', '```',
    ].join('\n'));
    const broken = brokenLinks(page).map((l) => l.slice(l.indexOf(': ') + 2));
    expect(broken).toEqual(['missing.md (no such file)', 'other.md#fake-part (no such heading)']);
  });

  it.each(PAGES.map((p) => [relative(ROOT, p), p]))('every relative link in %s resolves', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
