import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Loader } from 'esbuild';
import { fetchFailure, fetchOk, ImportUnavailable, once, readJson, sha256, VENDOR_HINT, writeAtomic, type ImportSources } from './import-cache.ts';

/**
 * `https:` (and `http:`) module imports, as Deno loads them: fetched once, redirects followed
 * (relative imports resolve against where the module really is, e.g. deno.land/x's redirect of an
 * unversioned URL), kept in the cache by URL and read from there afterwards, also offline.
 */

export interface RemoteModule {
  /** The module's URL after redirects: the base for its relative imports. */
  url: string;
  contents: string;
  loader: Loader;
}

interface Stored {
  url: string;
  finalUrl: string;
  contentType: string;
}

const EXTENSION_LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.json': 'json' };

function loaderFor(url: string, contentType: string): Loader {
  const ext = /\.[a-z]+$/.exec(new URL(url).pathname)?.[0];
  if (ext && EXTENSION_LOADERS[ext]) return EXTENSION_LOADERS[ext];
  if (/typescript|x-ts\b/.test(contentType)) return /tsx/.test(contentType) ? 'tsx' : 'ts';
  if (/json/.test(contentType)) return 'json';
  if (/jsx/.test(contentType)) return 'jsx';
  return 'js';
}

function cacheFile(src: ImportSources, url: string): string {
  const u = new URL(url);
  return join(src.cacheDir, 'remote', u.protocol.replace(':', ''), u.host, sha256(url));
}

/** The URL actually fetched: the same, or under a replacement base for its origin (mirrors, tests). */
function fetchUrlFor(url: string, src: ImportSources): { fetchUrl: string; base?: string; origin: string } {
  const u = new URL(url);
  const base = src.urlOrigins[u.origin];
  return { fetchUrl: base ? `${base}${u.pathname}${u.search}` : url, base, origin: u.origin };
}

const inflight = new Map<string, Promise<RemoteModule>>();

export async function loadRemote(url: string, src: ImportSources): Promise<RemoteModule> {
  const file = cacheFile(src, url);
  const stored = await readJson<Stored>(`${file}.json`);
  if (stored) return { url: stored.finalUrl, contents: await readFile(file, 'utf8'), loader: loaderFor(stored.finalUrl, stored.contentType) };
  if (src.cachedOnly) throw new ImportUnavailable(url, 'it is not in the cache and fetching is off (cached only)', VENDOR_HINT.file(url));
  return once(inflight, file, async () => {
    const { fetchUrl, base, origin } = fetchUrlFor(url, src);
    let res: Response;
    try {
      res = await fetchOk(fetchUrl);
    } catch (err) {
      const status = (err as { status?: number }).status;
      const why = status ? `${new URL(fetchUrl).host} answered ${status}` : `${new URL(fetchUrl).host} cannot be reached (${fetchFailure(err)})`;
      throw new ImportUnavailable(url, why, VENDOR_HINT.file(url));
    }
    const contents = await res.text();
    const landed = res.url || fetchUrl;
    const finalUrl = base && landed.startsWith(base) ? origin + landed.slice(base.length) : landed;
    const contentType = res.headers.get('content-type') ?? '';
    await writeAtomic(file, contents);
    await writeAtomic(`${file}.json`, JSON.stringify({ url, finalUrl, contentType } satisfies Stored));
    return { url: finalUrl, contents, loader: loaderFor(finalUrl, contentType) };
  });
}
