// The limit for start-up: opening the same PGlite data folder directly, nothing else.
import { openPglite } from '../../server/src/db/pglite-driver.ts';

const db = await openPglite(process.argv[2]);
console.log('ready');
await db.close();
