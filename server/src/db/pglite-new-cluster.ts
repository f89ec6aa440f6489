/**
 * A new data folder starts from a blank cluster shipped with the server, not from PGlite's initdb
 * (decision 0453): PGlite 0.5 runs initdb as a second wasm module, and a new folder's open peaked
 * at ~580 MiB of anonymous memory with Liftoff only (1,052 MiB optimised), more than a 512 MiB box
 * holds; from the 4.5 MB image it peaks at ~340 MiB and opens in half the time. The image is
 * PGlite's own `dumpDataDir` of a fresh in-memory cluster, one per PGlite version
 * (`npm run pglite-new-cluster` writes it); a PGlite without its image runs initdb as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const IMAGES = fileURLToPath(new URL('./pglite-new-cluster/', import.meta.url));

/** The version of the PGlite package `pkg` (a name or alias it is installed under). */
export function pgliteVersion(pkg: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  while (!existsSync(join(dir, 'package.json'))) {
    if (dir === dirname(dir)) throw new Error(`no package.json above ${pkg}'s entry`);
    dir = dirname(dir);
  }
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the blank cluster for this PGlite version is kept. */
export function newClusterImagePath(version: string): string {
  return join(IMAGES, `pglite-${version}.tar.gz`);
}

/**
 * The blank cluster to start a data folder from: only a folder Postgres has not made yet (no
 * PG_VERSION), so a folder with data is never written over, and only where the image for this
 * PGlite exists. In-memory instances (no folder) start as before.
 */
export function newClusterImage(dataDir: string | undefined, pkg: string): Blob | undefined {
  if (!dataDir || existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  const image = newClusterImagePath(pgliteVersion(pkg));
  return existsSync(image) ? new Blob([readFileSync(image)]) : undefined;
}
