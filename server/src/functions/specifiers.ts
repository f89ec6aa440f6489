/**
 * How Deno-style import specifiers map onto what is installed next to the server: `npm:` and
 * `jsr:@supabase/…` to packages, esm.sh / jsDelivr / unpkg URLs to the same packages, type-only
 * imports (`….d.ts`) to nothing, and deno.land's std `http/server.ts` to a shim. Other URLs are
 * not fetched: the server works offline, so they must be mapped to `npm:` in an import map.
 */

export type MappedSpecifier =
  | { kind: 'package'; name: string }
  | { kind: 'empty' }
  | { kind: 'std-http' }
  | { kind: 'unsupported'; reason: string };

/** `@scope/name@1.2/sub/path` or `name@^1/sub` → `@scope/name/sub/path`, dropping the version. */
function packagePath(rest: string): string | undefined {
  const m = /^\/?((?:@[^/@]+\/)?[^/@?#]+)(?:@[^/?#]*)?(\/[^?#]*)?/.exec(rest);
  if (!m) return undefined;
  const sub = m[2] && m[2] !== '/' ? m[2] : '';
  return m[1]! + sub;
}

const CDN_HOSTS: Record<string, (path: string) => string> = {
  'esm.sh': (p) => p.replace(/^\/(?:v\d+|stable)\//, '/'),
  'cdn.esm.sh': (p) => p.replace(/^\/(?:v\d+|stable)\//, '/'),
  'cdn.jsdelivr.net': (p) => p.replace(/^\/npm\//, '/'),
  'unpkg.com': (p) => p,
  'cdn.skypack.dev': (p) => p,
  'esm.run': (p) => p,
};

/** `undefined` means: not a Deno-specific specifier, let the bundler resolve it as usual. */
export function mapSpecifier(spec: string): MappedSpecifier | undefined {
  if (spec.endsWith('.d.ts') || spec.endsWith('.d.mts')) return { kind: 'empty' };
  if (spec.startsWith('npm:') || spec.startsWith('jsr:')) {
    const name = packagePath(spec.slice(4));
    if (!name) return { kind: 'unsupported', reason: `cannot read the package name in "${spec}"` };
    return { kind: 'package', name };
  }
  if (!/^https?:\/\//.test(spec)) return undefined;
  const url = new URL(spec);
  if (url.hostname === 'deno.land' && /^\/std(@[^/]+)?\/http\/server\.ts$/.test(url.pathname)) return { kind: 'std-http' };
  const cdn = CDN_HOSTS[url.hostname];
  if (cdn) {
    const name = packagePath(cdn(url.pathname));
    if (name) return { kind: 'package', name: name.replace(/\/(?:es\d+|denonext|deno|node)\/.*$/, '') };
  }
  return {
    kind: 'unsupported',
    reason: `URL imports are not downloaded (the server runs offline): map "${spec}" to an npm: package in the function's deno.json "imports"`,
  };
}
