import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PageShell } from './page-heads.ts';
import { headersFor, readHeaderRules } from './web-headers.ts';

// Only the versioned API paths: `/auth/sign-in` and friends are app pages.
const API_PREFIXES = ['/auth/v1/', '/rest/v1/', '/realtime/v1/', '/storage/v1/', '/functions/v1/', '/mail/v1/', '/_inbox/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any other GET for a page answered with index.html (with the page's own head, see
 * page-heads.ts) so client-side routes survive a reload and unfurl when shared.
 */
export async function registerWebApp(app: FastifyInstance, dir: string, anonKey: string): Promise<PageShell> {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`--web: ${dir} has no index.html (run \`npm run build -w web\` first)`);
  }
  const shell = new PageShell(app, dir, anonKey);
  // The build's `_headers` (CSP, Referrer-Policy, …; decision 0099) on every page and file of
  // the app, never on API answers, which keep their own.
  const rules = readHeaderRules(dir);
  app.addHook('onSend', async (req, reply) => {
    if (isApiPath(req.url)) return;
    for (const [name, value] of headersFor(rules, req.url.split('?')[0]!)) if (!reply.hasHeader(name)) reply.header(name, value);
  });
  await app.register(fastifyStatic, {
    root: dir,
    // One route for every file, looked up when asked: `wildcard: false` globbed the build and
    // added a route per file and compressed copy (~750 files, 140–250 ms of every start with
    // the app). A path that is no file goes on to the not-found handler below.
    wildcard: true,
    // A folder is not a file (send refuses one ending in `/` with a 403): the page shell answers.
    allowedPath: (path) => !path.endsWith('/'),
    // `/` is a page like any other: the shell answers it, with its head.
    index: false,
    // The web build writes .br/.gz beside each asset (web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(dir, 'assets')}/`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return shell;
}

/**
 * True when a 404 should be answered with the app's page instead: a GET or HEAD outside the
 * APIs, for a path that is not a file (no extension in its last segment), from anything that
 * takes HTML: browsers, and link previewers, which often send "any type" or no Accept at all.
 */
export function wantsSpaFallback(method: string, url: string, accept: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || isApiPath(url)) return false;
  const path = url.split('?')[0]!;
  if (/\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/')))) return false;
  const a = accept ?? '*/*';
  return a.includes('text/html') || a.includes('*/*') || a.trim() === '';
}
