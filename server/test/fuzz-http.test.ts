import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../supabase/seed-media/png.ts';
import { tempDir } from './helpers/storage-harness.ts';
import { driverName } from './helpers/test-db.ts';
import { startRestServer, ADA, type RestServer } from './fixtures/rest-fixture.ts';
import { ATTACKS, type FuzzCase, type Keys } from './fuzz/http-attacks.ts';
import { TARGETS } from './fuzz/http-targets.ts';
import { fuzzSeed, seededRandom } from './fuzz/random.ts';
import { HangError, rawExchange } from './fuzz/raw-http.ts';
import { settledMemory } from './fuzz/memory.ts';

// Issue 14's fuzz suite over HTTP: every API (REST with RPC and filters, auth, storage with TUS
// and renders, functions, mail, realtime's REST broadcast, the web app's fallback) gets hostile
// requests built from a seeded generator. Each must answer below 500 within its time, and a
// canary that goes through Postgres's error path must answer after each. FUZZ_SEED replays a
// run; FUZZ_CASES makes it longer (the default keeps it well under a minute per driver).

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));
const SEED = fuzzSeed(20261124);
const CASES = Number(process.env.FUZZ_CASES) || TARGETS.length * 3;

let s: RestServer;
let keys: Keys;
beforeAll(async () => {
  s = await startRestServer({ project: PROJECT, storage: tempDir('gather-fuzz-') });
  const admin = s.service();
  await admin.storage.createBucket('fuzz', { public: true });
  await admin.storage.from('fuzz').upload('a.txt', 'hello', { contentType: 'text/plain' });
  await admin.storage.from('fuzz').upload('pic.png', solidPng(64, 48, [10, 120, 200]), { contentType: 'image/png' });
  keys = { anonKey: s.keys.anonKey, serviceRoleKey: s.keys.serviceRoleKey, userToken: await s.userToken(ADA) };
});
afterAll(() => s?.stop());

/** The i-th case: targets in turn, attack classes on a diagonal so each meets many targets. */
function caseAt(i: number): FuzzCase & { label: string } {
  const r = seededRandom(SEED + i);
  const names = Object.keys(ATTACKS);
  const target = TARGETS[i % TARGETS.length]!;
  const attack = names[(i + Math.floor(i / TARGETS.length) * 5 + r.int(2)) % names.length]!;
  const c = ATTACKS[attack]!(target, r, keys);
  return { ...c, label: `#${i} ${attack}: ${c.name} → ${target.method} ${target.path.slice(0, 60)}` };
}

/**
 * The two 5xx answers that are not the server's: an Edge Function's own uncaught error (the
 * fixture's `echo` throws on a body that is not JSON; Supabase's runtime answers WORKER_ERROR
 * too), and PostgREST's 500 for a Postgres error of class 54 "program limit exceeded" that the
 * schema under test raises (a 3 MB title over tsvector's 1 MB limit; PostgREST maps 54 to 500).
 */
function passedThrough(api: string, body: string): boolean {
  if (api === 'functions') return /"code":"WORKER_ERROR"/.test(body);
  if (api === 'rest') return /^\{"code":"54[0-9A-Z]{3}"/.test(body);
  return false;
}

/** A request that makes Postgres raise an error (what never answered on a broken PGlite), then a read. */
async function canary(label: string): Promise<void> {
  const bad = await s.rest('/events?id=eq.not-a-number', { signal: AbortSignal.timeout(15_000) });
  expect(bad.status, `canary after ${label}`).toBe(400);
  const ok = await s.rest('/events?select=id&limit=1', { signal: AbortSignal.timeout(15_000) });
  expect(ok.status, `canary after ${label}`).toBe(200);
}

describe(`fuzz: hostile HTTP requests to every API (${driverName}, seed ${SEED})`, () => {
  it(`${CASES} cases: none answers 5xx or hangs, the canary answers after each, memory settles`, { timeout: 240_000 }, async () => {
    console.log(`fuzz-http: seed ${SEED}, ${CASES} cases (replay with FUZZ_SEED=${SEED})`);
    // Warm every path once (schema cache, image library, function bundle) before measuring.
    for (let i = 0; i < TARGETS.length; i++) await rawExchange(s.port, caseAt(i).request).catch(() => {});
    const before = await settledMemory();
    const failures: string[] = [];
    const byApi = new Map<string, number>();
    for (let i = 0; i < CASES; i++) {
      const c = caseAt(i);
      let status: number | null;
      try {
        const answer = await rawExchange(s.port, c.request);
        status = answer.status;
        if (status === null ? !c.mayClose : status >= 500 && !passedThrough(TARGETS[i % TARGETS.length]!.api, answer.body)) failures.push(`${c.label} → ${status ?? 'closed'} ${answer.body.slice(0, 200)}`);
      } catch (err) {
        failures.push(`${c.label} → ${err instanceof HangError ? 'HANG' : String(err)}`);
      }
      const api = TARGETS[i % TARGETS.length]!.api;
      byApi.set(api, (byApi.get(api) ?? 0) + 1);
      await canary(c.label);
    }
    const after = await settledMemory();
    console.log(`fuzz-http: ${JSON.stringify(Object.fromEntries(byApi))}; heap ${before.heapMiB} → ${after.heapMiB} MiB, rss ${before.rssMiB} → ${after.rssMiB} MiB`);
    expect(failures).toEqual([]);
    // Back near the start: what the run allocated was freed (a leak per case would show here).
    expect(after.heapMiB - before.heapMiB).toBeLessThan(40);
    expect(after.rssMiB - before.rssMiB).toBeLessThan(400);
  });
});
