import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_RULES, headersFor, parseHeadersFile } from '../src/http/web-headers.ts';

// Decision 0099: the server applies the web build's `_headers` (the file Netlify and Cloudflare
// Pages read), so one policy serves the app on both. The e2e security-headers test checks the
// app passes it in Chromium; this checks the file and its reading.

const FILE = readFileSync(new URL('../../web/public/_headers', import.meta.url), 'utf8');

describe('the web app\'s _headers', () => {
  it('parses, and gives every page the policy, frame-ancestors and referrer policy', () => {
    const rules = parseHeadersFile(FILE);
    const h = headersFor(rules, '/events/some-slug');
    expect(h.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('x-content-type-options')).toBe('nosniff');
  });

  it('later rules override earlier ones; a bad line names the file and line', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n/assets/*\n  X-A: 2\n');
    expect(headersFor(rules, '/assets/x.js').get('x-a')).toBe('2');
    expect(headersFor(rules, '/').get('x-a')).toBe('1');
    expect(() => parseHeadersFile('  X-A: 1\n', 'dist/_headers')).toThrow('dist/_headers:1: expected "Name: value" under a path pattern');
    expect(headersFor(FALLBACK_RULES, '/').get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});
