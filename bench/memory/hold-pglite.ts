// The limit for memory: a bare process holding the same PGlite data folder open, nothing else.
import { openPglite } from '../../server/src/db/pglite-driver.ts';

const db = await openPglite(process.argv[2]);
await db.query('select 1');
console.log('ready');
process.once('SIGTERM', () => void db.close().then(() => process.exit(0)));
setInterval(() => {}, 60_000);
