import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Only the versioned API paths: `/auth/sign-in` and friends are app pages.
const API_PREFIXES = ['/auth/v1/', '/rest/v1/', '/realtime/v1/', '/storage/v1/', '/functions/v1/', '/mail/v1/', '/_inbox/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * any other GET for a page answered with index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`--web: ${dir} has no index.html (run \`npm run build -w web\` first)`);
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: ['index.html'],
    // The web build writes .br/.gz beside each asset (web/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(dir, 'assets')}/`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** True when a 404 should be answered with the app's index.html instead. */
export function wantsSpaFallback(method: string, url: string, accept: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && !isApiPath(url) && (accept ?? '').includes('text/html');
}
