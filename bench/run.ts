// `npm run bench`: every benchmark prints its figures as ratios to a baseline run alongside.
import { startupBench } from './startup/startup-bench.ts';
import { realtimeBench } from './realtime/realtime-bench.ts';
import { storageBench } from './storage/storage-bench.ts';
import { authBench } from './auth/auth-bench.ts';
import { functionsBench } from './functions/functions-bench.ts';
import { functionsRuntimeBench } from './functions-runtime/runtime-bench.ts';
import { restBench } from './rest/rest-bench.ts';
import { groupsBench } from './groups/groups-bench.ts';
import { webBench } from './web/web-bench.ts';
import { scaleBench } from './scale/scale-bench.ts';
import { dataBench } from './data/data-bench.ts';
import { hotRsvpBench } from './hot-rsvp/hot-rsvp-bench.ts';
import { memoryBench } from './memory/memory-bench.ts';
import { importBench } from './import/import-bench.ts';

const BENCHES: Record<string, () => Promise<void>> = {
  startup: startupBench,
  realtime: realtimeBench,
  storage: storageBench,
  auth: authBench,
  functions: functionsBench,
  'functions-runtime': functionsRuntimeBench,
  rest: restBench,
  groups: groupsBench,
  web: webBench,
  scale: scaleBench,
  data: dataBench,
  'hot-rsvp': hotRsvpBench,
  memory: memoryBench,
  import: importBench,
};

const only = process.argv.slice(2);
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only.length && !only.includes(name)) continue;
  await bench();
}
// The test servers' helper opens the next database copy ahead (server/test/helpers/test-db.ts):
// on PGlite its worker would keep this process running once the benches are done.
process.exit(0);
