import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser must fetch before the SPA can paint: the entry module and every chunk
 * index.html preloads. Gzip level 9, as the libraries reference measures bundles. `entryOnly`:
 * a page whose first screen comes in its HTML, served without the module preloads (decision 0195).
 */
export function jsBeforeFirstPaint(distDir: string, entryOnly = false): { files: string[]; gzipBytes: number; perFile: Record<string, number> } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...(entryOnly ? [] : html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)),
  ].map((m) => m[1]!);
  const files = [...new Set(srcs)];
  const perFile = Object.fromEntries(files.map((src) => [src, gzipSync(readFileSync(join(distDir, src.replace(/^\//, ''))), { level: 9 }).length]));
  const gzipBytes = Object.values(perFile).reduce((sum, n) => sum + n, 0);
  return { files, gzipBytes, perFile };
}
