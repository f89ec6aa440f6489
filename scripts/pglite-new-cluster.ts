// Writes the blank cluster a new PGlite data folder starts from (server/src/db/pglite-new-cluster.ts,
// decision 0453) for the installed PGlite, and removes the images of other versions. Run after
// upgrading @electric-sql/pglite: `npm run pglite-new-cluster`.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newClusterImagePath, pgliteVersion } from '../server/src/db/pglite-new-cluster.ts';

const target = newClusterImagePath(pgliteVersion('@electric-sql/pglite'));
const pg = await PGlite.create();
await pg.exec('checkpoint');
const image = await pg.dumpDataDir('gzip');
await pg.close();
writeFileSync(target, Buffer.from(await image.arrayBuffer()));
for (const f of readdirSync(dirname(target))) if (f !== basename(target)) rmSync(`${dirname(target)}/${f}`);
console.log(`${target}: ${image.size} bytes`);
