import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { ImportUnavailable, moveIntoPlace, once, VENDOR_HINT, type ImportSources } from './import-cache.ts';

const run = promisify(execFile);

export interface NpmSpecifier {
  name: string;
  /** A semver range or a dist-tag; `latest` when the import names none, as in Deno. */
  range: string;
  /** `/sub/path` or ''. */
  sub: string;
}

/** `npm:@scope/name@^1.2/sub/path` (also the path part of a CDN URL, without `npm:`). */
export function parseNpm(rest: string): NpmSpecifier | undefined {
  const m = /^\/?((?:@[^/@]+\/)?[^/@?#]+)(?:@([^/?#]*))?(\/[^?#]*)?/.exec(rest);
  if (!m) return undefined;
  return { name: m[1]!, range: m[2] || 'latest', sub: m[3] && m[3] !== '/' ? m[3] : '' };
}

/** Where to resolve `name/sub` from: a folder whose node_modules holds the package. */
export interface NpmLocation {
  resolveDir: string;
  version: string;
}

function installedVersion(nodeModules: string, name: string): string | undefined {
  const file = join(nodeModules, name, 'package.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
}

// An import without a version (`npm:pkg`) takes what is already there, as Deno reuses a resolved version.
const satisfies = (version: string, range: string) =>
  range === 'latest' || (semver.validRange(range) !== null && semver.satisfies(version, range, { includePrerelease: false }));

const inflight = new Map<string, Promise<NpmLocation>>();

/**
 * Finds an `npm:` package as Deno would have it, nearest first: installed in the function's own
 * folder (Deno's manual node_modules) at any version; installed beside the server at a version
 * within the range (no fetch; the same package at an allowed version); in the cache; else fetched
 * from the registry with npm itself (dependencies, peers, no install scripts — Deno runs none
 * either) into the cache, once.
 */
export async function locateNpm(spec: NpmSpecifier, functionDir: string, serverNodeModules: string[], src: ImportSources): Promise<NpmLocation> {
  const own = installedVersion(join(functionDir, 'node_modules'), spec.name);
  if (own) return { resolveDir: functionDir, version: own };
  for (const nm of serverNodeModules) {
    const v = installedVersion(nm, spec.name);
    if (v && satisfies(v, spec.range)) return { resolveDir: nm, version: v };
  }
  // Not keyed by registry: a mirror serves the same packages, and a cache filled through one
  // serves when another is configured (or none is reachable).
  const dir = join(src.cacheDir, 'npm', `${spec.name.replace('/', '+')}@${spec.range.replace(/[^\w.^~<>=|*-]/g, '_')}`);
  const cached = installedVersion(join(dir, 'node_modules'), spec.name);
  if (cached) return { resolveDir: dir, version: cached };
  const label = `npm:${spec.name}@${spec.range}`;
  if (src.cachedOnly) throw new ImportUnavailable(label, 'it is not in the cache and fetching is off (cached only)', VENDOR_HINT.npm(spec.name));
  return once(inflight, dir, async () => {
    const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'package.json'), '{"private":true}\n');
    try {
      await run(
        'npm',
        ['install', `${spec.name}@${spec.range}`, '--prefix', tmp, '--registry', src.npmRegistry, '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--omit=dev', '--fetch-retries=0', '--fetch-timeout=20000', '--loglevel=error'],
        { timeout: 300_000, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } },
      );
    } catch (err) {
      throw new ImportUnavailable(label, npmFailure(err, src.npmRegistry), VENDOR_HINT.npm(spec.name));
    }
    await moveIntoPlace(tmp, dir);
    return { resolveDir: dir, version: installedVersion(join(dir, 'node_modules'), spec.name) ?? spec.range };
  });
}

function npmFailure(err: unknown, registry: string): string {
  const e = err as { code?: string | number; stderr?: string; message: string };
  if (e.code === 'ENOENT') return 'npm, which fetches npm: packages, is not installed beside Node';
  const text = e.stderr ?? e.message;
  const code = /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)\b/.exec(text)?.[1];
  if (code) return `the npm registry ${registry} cannot be reached (${code})`;
  if (/\bE404\b/.test(text)) return `the npm registry ${registry} has no such package`;
  if (/\bETARGET\b/.test(text)) return `the npm registry ${registry} has no version matching it`;
  const first = text.split('\n').find((l) => /npm (error|ERR!)/.test(l)) ?? text.split('\n')[0];
  return `npm install failed: ${first?.replace(/^npm (error|ERR!)\s*/, '').trim()}`;
}
