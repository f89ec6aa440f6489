import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/storage-harness.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { fuzzSeed, seededRandom } from './fuzz/random.ts';
import { ISSUE_ATTACK, manyToManyWalk, membershipWalk, slowCase } from './fuzz/slow-requests.ts';

// Issue 30, item 1: one short anonymous GET that walks the membership path back and forth took
// the embedded database down for ~9 s (past the watchdog, thrown away and reopened) and every
// other request with it. Now such walks are refused before they run (decision 0253), a statement
// past its time ends inside PGlite with 57014 (0254), and one client's slow requests take turns
// with everyone else's (0255). The rule (decision 0256): while an attacker keeps sending such
// requests, a canary from another client — a REST read, auth, a storage download — answers
// 99 % of the time within 1 s (and half the time within 100 ms under the issue's attack,
// decision 0459), nothing answers 5xx but a request cut short for others (503 57014) or a
// statement timeout (PostgREST's 500 57014), and PGlite is never reopened.
// FUZZ_SEED replays the fuzz part; FUZZ_SLOW_CASES makes it longer.

const GATHER = fileURLToPath(new URL('../../supabase', import.meta.url));
const SEED = fuzzSeed(20261130);
const CASES = Number(process.env.FUZZ_SLOW_CASES) || 60;
const ATTACK_MS = 8000;
/**
 * Under the issue's attack most canary answers come as if nothing else ran: the median within
 * 100 ms. Without fair turns an attacker on PostgreSQL made it 305–410 ms, and the 1 % rule saw
 * that in one attempt of four (decision 0459); with them it is 4–20 ms, beside CI's other suite
 * or two busy processes too.
 */
const MEDIAN_MS = 100;
/**
 * Distinct callers, as a proxy in front reports them (trust_proxy: loopback): one attacker (the
 * last part of its address, `attacker`), four people using the app.
 */
let attacker = 66;
const attackerAddress = () => `203.0.113.${attacker}`;
/**
 * The attack test (and its retry) attacks from an address the server has not seen: an attacker's
 * first requests, before its use marks it as a hog, are the hardest case (decision 0458), and a
 * retry must not start from an attacker the turns already hold back. The fuzz test goes on with
 * the same attacker: it asks what each case answers, beside canaries, and the first burst is the
 * attack test's (from a new attacker the cases' burst put PGlite's canary p99 at 863–913 ms).
 */
function newAttacker(): void {
  attacker++;
}
const CANARY_CLIENTS = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
/** Who sends the attack's requests once before it, to warm their paths. */
const WARM_UP = '198.51.100.9';

let s: TestServer;
let member: string;
beforeAll(async () => {
  s = await startTestServer({ project: GATHER, storage: tempDir('gather-slow-'), trustProxy: 'loopback' }, { seed: true });
  const signIn = await s.anon().auth.signInWithPassword({ email: 'grace@example.com', password: 'gather-demo' });
  expect(signIn.error).toBeNull();
  member = signIn.data.session!.access_token;
  // A session's temp table: PGlite reopened (what the attack did) would lose it.
  if (driverName === 'pglite') await s.db.exec('create temp table not_reopened (x int)');
  // Gather's migrations and demo seed: minutes on a loaded machine.
}, 300_000);
afterAll(() => s?.stop());

function headers(from: string, token?: string, extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: s.keys.anonKey, authorization: `Bearer ${token ?? s.keys.anonKey}`, 'x-forwarded-for': from, ...extra };
}

interface Answer {
  path: string;
  status: number;
  body: string;
  ms: number;
}

async function send(path: string, init: RequestInit): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(new URL(path, s.url), { ...init, signal: AbortSignal.timeout(30_000) });
  // Only the start is read: the attacker runs in this process, and downloading its megabytes of
  // JSON would take the server's own thread (an attacker elsewhere costs the server only the send).
  const reader = res.body!.getReader();
  let head = Buffer.alloc(0);
  while (head.length < 1000) {
    const chunk = await reader.read();
    if (chunk.done) break;
    head = Buffer.concat([head, chunk.value]);
  }
  await reader.cancel();
  return { path, status: res.status, body: head.subarray(0, 1000).toString(), ms: performance.now() - started };
}

/** What an attack request may answer: anything below 500, or 57014 (cut short for others: 503; its statement timeout: PostgREST's 500). */
function acceptable(a: Answer): boolean {
  return a.status < 500 || ((a.status === 503 || a.status === 500) && a.body.includes('"code":"57014"'));
}

/** What the canary asks, in turn: a REST read (signed in, anonymous), auth, a storage download. */
const CANARIES = [
  (from: string) => send('/rest/v1/events?select=id,title,starts_at&order=starts_at&limit=5', { headers: headers(from, member) }),
  (from: string) => send('/auth/v1/user', { headers: headers(from, member) }),
  (from: string) => send('/storage/v1/object/public/event-covers/seed/arts-1.png', { headers: headers(from) }),
  (from: string) => send('/rest/v1/groups?select=name,slug&limit=3', { headers: headers(from) }),
];

/** Each canary client asks one request at a time, 50 ms apart, until `stop` resolves. */
async function canaryWhile(stop: Promise<unknown>): Promise<Answer[]> {
  const answers: Answer[] = [];
  let running = true;
  void stop.finally(() => (running = false));
  await Promise.all(
    CANARY_CLIENTS.map(async (from, k) => {
      for (let i = k; running; i++) {
        answers.push(await CANARIES[i % CANARIES.length]!(from));
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  return answers;
}

function median(answers: Answer[]): number {
  return answers.map((a) => a.ms).sort((x, y) => x - y)[answers.length >> 1] ?? NaN;
}

function overOneSecond(answers: Answer[]): Answer[] {
  return answers.filter((a) => a.ms > 1000);
}

/** The canaries with no attack, for `ms`: what this machine, as loaded now, gives anyway. */
async function quietCanaries(ms: number): Promise<Answer[]> {
  const quiet = await canaryWhile(new Promise((r) => setTimeout(r, ms)));
  console.log(`slow requests: canary with no attack: ${quiet.length} answers, ${summary(quiet)}`);
  return quiet;
}

function summary(answers: Answer[]): string {
  const sorted = answers.map((a) => a.ms).sort((x, y) => x - y);
  const slow = overOneSecond(answers).map((a) => `${Math.round(a.ms)} ms ${a.path.slice(0, 40)}`);
  return `median ${Math.round(median(answers))} ms, p99 ${Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? NaN)} ms, over 1 s: [${slow.join(', ')}]`;
}

/**
 * Runs `attack` with the canaries beside it, and the canaries alone for `quietMs` in all, half
 * before and half after: a CI machine's load from other suites comes and goes within a minute, so
 * the windows with no attack, on both sides of it, see the load the attack window saw.
 */
async function canariesAround(attack: () => Promise<unknown>, quietMs: number): Promise<{ canary: Answer[]; quiet: Answer[] }> {
  const before = await quietCanaries(quietMs / 2);
  const done = attack();
  const canary = await canaryWhile(done);
  await done;
  console.log(`slow requests: canary under attack: ${canary.length} answers, ${summary(canary)}`);
  const after = await quietCanaries(quietMs / 2);
  return { canary, quiet: [...before, ...after] };
}

/**
 * The issue's rule: 99 % within 1 s. On a quiet machine no canary is over 1 s without an attack,
 * so that is the rule as written; on a CI machine loaded by other suites the share over 1 s with
 * no attack, measured around the attack in the same run, is allowed on top: the attack may add at
 * most 1 %, counted in whole answers (of 150 answers, 1 % allows 2, not 1.5 rounded down).
 */
function expectCanaryRule(answers: Answer[], quiet: Answer[]): void {
  expect(answers.filter((a) => a.status !== 200).map((a) => `${a.path} → ${a.status} ${a.body.slice(0, 120)}`)).toEqual([]);
  expect(answers.length).toBeGreaterThan(50);
  const allowed = Math.ceil(answers.length * (0.01 + overOneSecond(quiet).length / Math.max(1, quiet.length)));
  expect(overOneSecond(answers).length).toBeLessThanOrEqual(allowed);
}

/** The issue's walks for ATTACK_MS, twelve at a time (more than PostgreSQL's pool of ten); each answer into `answers`. */
async function issueAttack(answers: Answer[]): Promise<void> {
  const until = Date.now() + ATTACK_MS;
  await Promise.all(
    Array.from({ length: 12 }, async (_, k) => {
      for (let i = k; Date.now() < until; i++) answers.push(await send(ISSUE_ATTACK[i % ISSUE_ATTACK.length]!, { headers: headers(attackerAddress()) }));
    }),
  );
}

/**
 * The seeded cases, four at a time, each at least once and then over again until ATTACK_MS has
 * passed: on PGlite the 60 took ~1.5 s, in which the canaries gave 58–65 answers, close to the 50
 * the rule needs (a faster machine would give fewer). Each unacceptable answer into `failures`.
 */
async function fuzzCases(failures: string[]): Promise<void> {
  const until = Date.now() + ATTACK_MS;
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let n = next++; n < CASES || Date.now() < until; n = next++) {
        const i = n % CASES;
        const c = slowCase(seededRandom(SEED + i), i);
        const extra: Record<string, string> = { 'content-type': 'application/json', ...(c.prefer ? { prefer: c.prefer } : {}) };
        try {
          const a = await send(c.path, { method: c.method, body: c.body, headers: headers(attackerAddress(), c.signedIn ? member : undefined, extra) });
          if (!acceptable(a)) failures.push(`${c.label} → ${a.status} ${a.body.slice(0, 200)}`);
        } catch (err) {
          failures.push(`${c.label} → ${String(err)}`);
        }
      }
    }),
  );
}

async function expectNotReopened(): Promise<void> {
  if (driverName !== 'pglite') return; // PostgreSQL's backends come and go by themselves
  expect((await s.db.query(`select to_regclass('pg_temp.not_reopened') is not null as here`)).rows).toEqual([{ here: true }]);
}

/**
 * A canary test runs once more before it counts as failed: in CI the PostgreSQL lane's other
 * suite sometimes loads the machine hardest during the attack's 8 s and not in the windows with no
 * attack around it (one run in four or five failed by one answer over 1 s; decision 0459). A
 * server that lets an attacker starve others fails both attempts; vitest prints the retry.
 */
const CANARY_TEST = { retry: 1 };

describe(`slow requests (issue 30, ${driverName})`, { timeout: 240_000 }, () => {
  it('the membership walk of the issue is refused before it runs, in PostgREST’s error shape', async () => {
    for (const path of [membershipWalk(7), manyToManyWalk(4), manyToManyWalk(5)]) {
      const a = await send(path, { headers: headers(attackerAddress()) });
      expect(a.status, path).toBe(400);
      expect(JSON.parse(a.body)).toMatchObject({ code: '54001', message: 'Embedded resources are nested too deeply', hint: expect.stringContaining('GATHER_REST_MAX_EMBED_DEPTH') });
    }
    // Three one-to-many levels still answer, as PostgREST would.
    const allowed = await send(membershipWalk(5), { headers: headers(attackerAddress()) });
    expect(allowed.status).toBe(200);
  });

  it(`a canary answers 99 % within 1 s while one client repeats such requests for ${ATTACK_MS / 1000} s`, CANARY_TEST, async () => {
    for (const c of CANARIES) expect((await c(CANARY_CLIENTS[0]!)).status).toBe(200); // warm every path
    for (const path of ISSUE_ATTACK) await send(path, { headers: headers(WARM_UP) });
    newAttacker();
    const attack: Answer[] = [];
    const { canary, quiet } = await canariesAround(() => issueAttack(attack), ATTACK_MS);
    const statuses = new Map<number, number>();
    for (const a of attack) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    console.log(`slow requests: attack ${attack.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(attack.filter((a) => !acceptable(a)).map((a) => `${a.status} ${a.body.slice(0, 160)}`)).toEqual([]);
    expectCanaryRule(canary, quiet);
    expect(median(canary)).toBeLessThanOrEqual(MEDIAN_MS);
    await expectNotReopened();
  });

  it(`fuzz: ${CASES} seeded slow requests (depth, fan-out, filters, RPCs, counts), repeated for ${ATTACK_MS / 1000} s, under the canary rule (seed ${SEED})`, CANARY_TEST, async () => {
    console.log(`fuzz-slow: seed ${SEED}, ${CASES} cases (replay with FUZZ_SEED=${SEED})`);
    const failures: string[] = [];
    const { canary, quiet } = await canariesAround(() => fuzzCases(failures), ATTACK_MS);
    expect(failures).toEqual([]);
    expectCanaryRule(canary, quiet);
    await expectNotReopened();
  });
});
