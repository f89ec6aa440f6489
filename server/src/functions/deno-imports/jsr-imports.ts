import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import semver from 'semver';
import { fetchFailure, fetchOk, ImportUnavailable, once, readJson, sha256, VENDOR_HINT, writeAtomic, type ImportSources } from './import-cache.ts';
import { parseNpm } from './npm-imports.ts';

/**
 * `jsr:` imports through JSR's documented registry API (jsr.io/docs/api): `<pkg>/meta.json` lists
 * the versions, `<pkg>/<version>_meta.json` the exports and each file's checksum, and the files
 * are at `<pkg>/<version>/<path>`. Files are fetched as the bundler reaches them, checked against
 * the manifest and kept; meta.json is fetched again only when no cached version fits the range.
 */

interface PackageMeta {
  latest?: string;
  versions: Record<string, { yanked?: boolean }>;
}

interface VersionMeta {
  exports: Record<string, string>;
  manifest: Record<string, { checksum?: string }>;
}

export interface JsrModule {
  /** The module file on disk, inside the cache. */
  file: string;
  label: string;
}

function root(src: ImportSources): string {
  return join(src.cacheDir, 'jsr', new URL(src.jsrUrl).host);
}

const inflight = new Map<string, Promise<unknown>>();

async function fetchJson<T>(url: string, label: string, src: ImportSources): Promise<T> {
  try {
    return (await (await fetchOk(url)).json()) as T;
  } catch (err) {
    const status = (err as { status?: number }).status;
    const why = status ? `the JSR registry answered ${status} for ${url}` : `the JSR registry ${src.jsrUrl} cannot be reached (${fetchFailure(err)})`;
    throw new ImportUnavailable(label, why, VENDOR_HINT.file(label));
  }
}

function pickVersion(meta: PackageMeta, range: string): string | undefined {
  const versions = Object.entries(meta.versions)
    .filter(([, v]) => !v.yanked)
    .map(([k]) => k);
  if (range === 'latest') return meta.latest && versions.includes(meta.latest) ? meta.latest : (semver.maxSatisfying(versions, '*') ?? undefined);
  return semver.maxSatisfying(versions, range) ?? undefined;
}

/** The module a `jsr:@scope/name@range/sub` import names, fetched into the cache if need be. */
export async function locateJsr(specifier: string, src: ImportSources): Promise<JsrModule> {
  const spec = parseNpm(specifier.slice(4));
  if (!spec || !spec.name.startsWith('@')) throw new ImportUnavailable(specifier, 'a JSR package name is @scope/name', VENDOR_HINT.file(specifier));
  const label = `jsr:${spec.name}@${spec.range}`;
  const pkgDir = join(root(src), spec.name);
  const metaFile = join(pkgDir, 'meta.json');
  let version: string | undefined;
  const cachedMeta = await readJson<PackageMeta>(metaFile);
  if (cachedMeta) version = pickVersion(cachedMeta, spec.range);
  if (!version) {
    if (src.cachedOnly) throw new ImportUnavailable(label, 'it is not in the cache and fetching is off (cached only)', VENDOR_HINT.file(specifier));
    const meta = await once(inflight, metaFile, async () => {
      const m = await fetchJson<PackageMeta>(`${src.jsrUrl}${spec.name}/meta.json`, label, src);
      await writeAtomic(metaFile, JSON.stringify(m));
      return m;
    });
    version = pickVersion(meta as PackageMeta, spec.range);
    if (!version) throw new ImportUnavailable(label, 'JSR has no version matching it', VENDOR_HINT.file(specifier));
  }
  const vmeta = await versionMeta(spec.name, version, label, src);
  const exportKey = `.${spec.sub}`;
  const target = vmeta.exports[exportKey];
  if (!target) throw new ImportUnavailable(`jsr:${spec.name}@${version}${spec.sub}`, `the package exports no "${exportKey}"`, VENDOR_HINT.file(specifier));
  const file = join(pkgDir, version, target.replace(/^\.\//, ''));
  if (!file.startsWith(join(pkgDir, version) + sep)) throw new ImportUnavailable(label, `its export "${exportKey}" points outside the package`, VENDOR_HINT.file(specifier));
  await ensureJsrFile(file, src);
  return { file, label: `jsr:${spec.name}@${version}${spec.sub}` };
}

async function versionMeta(name: string, version: string, label: string, src: ImportSources): Promise<VersionMeta> {
  const file = join(root(src), name, `${version}_meta.json`);
  const cached = await readJson<VersionMeta>(file);
  if (cached) return cached;
  if (src.cachedOnly) throw new ImportUnavailable(label, 'it is not in the cache and fetching is off (cached only)', VENDOR_HINT.file(label));
  return (await once(inflight, file, async () => {
    const m = await fetchJson<VersionMeta>(`${src.jsrUrl}${name}/${version}_meta.json`, label, src);
    await writeAtomic(file, JSON.stringify(m));
    return m;
  })) as VersionMeta;
}

/** True when the path is a file of a JSR package in the cache (so its relative imports are JSR's too). */
export function isJsrFile(file: string, src: ImportSources): boolean {
  return file.startsWith(root(src) + sep);
}

/** Makes sure a package file (by its path in the cache) is there, fetching and checking it once. */
export async function ensureJsrFile(file: string, src: ImportSources): Promise<void> {
  if (existsSync(file)) return;
  const parts = relative(root(src), file).split(sep); // @scope, name, version, ...path
  const [scope, name, version, ...path] = parts;
  // Whatever a registry's manifest says, nothing is written outside the package's cache folder.
  if (parts.includes('..') || !scope?.startsWith('@') || path.length === 0) throw new ImportUnavailable(file, 'not a file of a JSR package', VENDOR_HINT.file(file));
  const pkg = `${scope}/${name}`;
  const filePath = `/${path.join('/')}`;
  const label = `jsr:${pkg}@${version}${filePath}`;
  if (src.cachedOnly) throw new ImportUnavailable(label, 'it is not in the cache and fetching is off (cached only)', VENDOR_HINT.file(`jsr:${pkg}@${version}`));
  const vmeta = await versionMeta(pkg, version!, label, src);
  const entry = vmeta.manifest[filePath];
  if (!entry) throw new ImportUnavailable(label, 'the package has no such file', VENDOR_HINT.file(`jsr:${pkg}@${version}`));
  await once(inflight, file, async () => {
    const url = `${src.jsrUrl}${pkg}/${version}${filePath}`;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await (await fetchOk(url)).arrayBuffer());
    } catch (err) {
      const status = (err as { status?: number }).status;
      throw new ImportUnavailable(label, status ? `the JSR registry answered ${status}` : `the JSR registry ${src.jsrUrl} cannot be reached (${fetchFailure(err)})`, VENDOR_HINT.file(`jsr:${pkg}@${version}`));
    }
    if (entry.checksum && entry.checksum !== `sha256-${sha256(bytes)}`) {
      throw new ImportUnavailable(label, 'the file does not match the checksum in its version manifest', VENDOR_HINT.file(`jsr:${pkg}@${version}`));
    }
    await writeAtomic(file, bytes);
  });
}
