import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One block of a `_headers` file: a path pattern and the headers for paths it matches. */
export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

/**
 * Without a `_headers` file (an older build) the app still gets what needs no knowledge of
 * what it loads: no framing, no referrer path to other origins, no sniffing.
 */
export const FALLBACK_RULES: HeaderRule[] = [
  {
    pattern: '/*',
    headers: [
      ['Content-Security-Policy', "frame-ancestors 'none'"],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Content-Type-Options', 'nosniff'],
    ],
  },
];

/**
 * Parses the `_headers` format Netlify and Cloudflare Pages read: a line with a path pattern,
 * then indented `Name: value` lines; `#` starts a comment. Patterns are exact paths or end in
 * `*` (any rest of the path), which is all the web build uses.
 */
export function parseHeadersFile(text: string, file = '_headers'): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      return;
    }
    const m = /^\s+([A-Za-z0-9-]+)\s*:\s*(.*\S)\s*$/.exec(line);
    if (!m || rules.length === 0) throw new Error(`${file}:${i + 1}: expected "Name: value" under a path pattern`);
    rules.at(-1)!.headers.push([m[1]!, m[2]!]);
  });
  return rules;
}

export function readHeaderRules(dir: string): HeaderRule[] {
  const file = join(dir, '_headers');
  return existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8'), file) : FALLBACK_RULES;
}

function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

/** The headers for a path: every matching rule's, later rules overriding earlier ones. */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) if (matches(rule.pattern, path)) for (const [k, v] of rule.headers) out.set(k.toLowerCase(), v);
  return out;
}
