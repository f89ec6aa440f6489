import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, sep } from 'node:path';

/**
 * A stand-in for the two registries this machine cannot reach, serving only their documented
 * endpoints from a folder: JSR's registry API (jsr.io/docs/api — `/<@scope/name>/meta.json`,
 * `/<@scope/name>/<version>_meta.json` with exports and sha256 manifest, files at
 * `/<@scope/name>/<version>/<path>`) under `/jsr/`, and plain module URLs (deno.land/x style, with
 * its redirect of an unversioned module to a version) under `/x/`. The server is pointed at it
 * by base URL (`functionsJsrUrl`, `functionsUrlOrigins`), as a mirror would be.
 *
 * Folder layout: `jsr/@scope/name/<version>/…` (a `yanked` file marks a yanked version; the
 * version folder's `exports.json` is its exports), `x/<module>@<version>/…`.
 */
export interface RegistryDouble {
  url: string;
  /** Requests received, in order (method and path). */
  requests: string[];
  /** Stops listening (again: nothing); the port is then refused, as an unreachable registry. */
  close(): Promise<void>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile() && f !== 'exports.json' && f !== 'yanked')
    .map((f) => `/${f.split(sep).join('/')}`);
}

export async function startRegistryDouble(root: string): Promise<RegistryDouble> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(`${req.method} ${path}`);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const notFound = () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (path.includes('..')) return notFound();

    let m = /^\/jsr\/(@[^/]+\/[^/]+)\/meta\.json$/.exec(path);
    if (m) {
      const pkgDir = join(root, 'jsr', m[1]!);
      if (!existsSync(pkgDir)) return notFound();
      const versions = Object.fromEntries(readdirSync(pkgDir).map((v) => [v, existsSync(join(pkgDir, v, 'yanked')) ? { yanked: true } : {}]));
      const latest = Object.keys(versions).filter((v) => !versions[v]!.yanked).sort().at(-1);
      return json({ scope: m[1]!.split('/')[0]!.slice(1), name: m[1]!.split('/')[1], latest, versions });
    }
    m = /^\/jsr\/(@[^/]+\/[^/]+)\/([^/]+)_meta\.json$/.exec(path);
    if (m) {
      const dir = join(root, 'jsr', m[1]!, m[2]!);
      if (!existsSync(dir)) return notFound();
      const manifest = Object.fromEntries(
        filesUnder(dir).map((f) => {
          const bytes = readFileSync(join(dir, f));
          return [f, { size: bytes.length, checksum: `sha256-${createHash('sha256').update(bytes).digest('hex')}` }];
        }),
      );
      return json({ manifest, exports: JSON.parse(readFileSync(join(dir, 'exports.json'), 'utf8')) });
    }
    m = /^\/jsr\/(@[^/]+\/[^/]+)\/([^/]+)(\/.+)$/.exec(path);
    if (m) {
      const file = join(root, 'jsr', m[1]!, m[2]!, m[3]!);
      if (!existsSync(file) || !statSync(file).isFile()) return notFound();
      return res.writeHead(200, { 'content-type': 'text/typescript' }).end(readFileSync(file));
    }
    m = /^\/x\/([^/@]+)(@[^/]+)?(\/.+)$/.exec(path);
    if (m) {
      const mod = m[1]!;
      if (!m[2]) {
        // deno.land/x sends an unversioned module to its newest version.
        const newest = readdirSync(join(root, 'x')).filter((d) => d.startsWith(`${mod}@`)).sort().at(-1);
        if (!newest) return notFound();
        return res.writeHead(302, { location: `/x/${newest}${m[3]}` }).end();
      }
      const file = join(root, 'x', `${mod}${m[2]}`, m[3]!);
      if (!existsSync(file)) return notFound();
      return res.writeHead(200, { 'content-type': 'application/typescript; charset=utf-8' }).end(readFileSync(file));
    }
    notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => (server.listening ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve()),
  };
}

