import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Where `npm:`, `jsr:` and URL imports are fetched from and kept, as Deno keeps them in DENO_DIR:
 * fetched once, then read from disk (also offline). Registries and origins can be pointed
 * elsewhere (a mirror, or a test's local server); the cache stays keyed by the original names.
 */
export interface ImportSources {
  cacheDir: string;
  /** Never fetch: what is not cached fails (Deno's `--cached-only`). */
  cachedOnly: boolean;
  npmRegistry: string;
  jsrUrl: string;
  /** `https://deno.land` → `http://127.0.0.1:8001`: fetch that origin's URLs from another base. */
  urlOrigins: Record<string, string>;
}

export interface ImportSourceSettings {
  functionsCacheDir: string;
  functionsCachedOnly: boolean;
  functionsNpmRegistry: string;
  functionsJsrUrl: string;
  functionsUrlOrigins: string;
}

export function importSources(s: ImportSourceSettings): ImportSources {
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const urlOrigins: Record<string, string> = {};
  for (const pair of s.functionsUrlOrigins.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const origin = at > 0 && URL.canParse(pair.slice(0, at)) ? new URL(pair.slice(0, at)).origin : undefined;
    const base = pair.slice(at + 1).replace(/\/$/, '');
    if (!origin || !URL.canParse(base)) throw new Error(`GATHER_FUNCTIONS_URL_ORIGINS: "${pair}" is not <origin>=<base URL>, e.g. https://deno.land=http://127.0.0.1:8001`);
    urlOrigins[origin] = base;
  }
  return {
    cacheDir: s.functionsCacheDir || join(cacheHome, 'gather', 'functions'),
    cachedOnly: s.functionsCachedOnly,
    npmRegistry: s.functionsNpmRegistry.endsWith('/') ? s.functionsNpmRegistry : `${s.functionsNpmRegistry}/`,
    jsrUrl: s.functionsJsrUrl.endsWith('/') ? s.functionsJsrUrl : `${s.functionsJsrUrl}/`,
    urlOrigins,
  };
}

/**
 * An import that could not be had: the function answers BOOT_ERROR with this message, which
 * names the import and how to vendor it (so it works without the network).
 */
export class ImportUnavailable extends Error {
  constructor(specifier: string, why: string, vendor: string) {
    super(`cannot load "${specifier}": ${why}. To run without the network, ${vendor}`);
  }
}

export const VENDOR_HINT = {
  npm: (name: string) =>
    `run the function once while the registry is reachable (it is then cached), or install "${name}" in the function's folder (npm install ${name}) and import it by its bare name`,
  file: (spec: string) =>
    `save the module(s) in the function's folder and map the import to them in its deno.json (or import_map.json) "imports", e.g. { "${spec}": "./vendor/…" }`,
};

/** Why a fetch failed, in a few words (the network error's code rather than "fetch failed"). */
export function fetchFailure(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

const FETCH_TIMEOUT_MS = 20_000;

export async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) {
    await res.body?.cancel();
    throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
  }
  return res;
}

/** Written to a temporary name first, so a reader (another worker process) never sees half a file. */
export async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Moves a finished folder into place; if another process got there first, theirs is kept. */
export async function moveIntoPlace(tmpDir: string, dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true });
  try {
    await rename(tmpDir, dir);
  } catch (err) {
    await rm(tmpDir, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
}

export async function readJson<T>(file: string): Promise<T | undefined> {
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** One fetch per key at a time within this process (two functions importing the same package). */
export function once<T>(inflight: Map<string, Promise<T>>, key: string, work: () => Promise<T>): Promise<T> {
  let p = inflight.get(key);
  if (!p) {
    p = work().finally(() => inflight.delete(key));
    inflight.set(key, p);
  }
  return p;
}
