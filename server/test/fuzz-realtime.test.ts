import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, startRestServer, type RestServer } from './fixtures/rest-fixture.ts';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { settledMemory } from './fuzz/memory.ts';
import { fuzzSeed, seededRandom } from './fuzz/random.ts';
import { hostileFrame } from './fuzz/ws-frames.ts';

// Issue 14's fuzz suite over WebSocket: sockets with odd upgrade parameters, then garbage text
// and binary frames, wrong shapes, deep and huge JSON, odd joins, presence and broadcasts. The
// upgrade never answers 5xx; each socket afterwards either answers a heartbeat or was closed by
// the server (it closes sockets that keep sending garbage); HTTP and a fresh subscription still
// work after each; memory settles. FUZZ_SEED replays, FUZZ_SOCKETS runs longer.

const SEED = fuzzSeed(20261125);
const SOCKETS = Number(process.env.FUZZ_SOCKETS) || 60;
const FRAMES_PER_SOCKET = 8;

let s: RestServer;
let tokens: string[];
beforeAll(async () => {
  s = await startRestServer();
  tokens = [s.keys.anonKey, s.keys.serviceRoleKey, await s.userToken(ADA)];
});
afterAll(() => s?.stop());

type Outcome = { kind: 'open'; ws: WebSocket } | { kind: 'refused'; status: number } | { kind: 'error'; message: string };

function connect(query: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`, { handshakeTimeout: 10_000 });
    ws.once('open', () => resolve({ kind: 'open', ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ kind: 'refused', status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once('error', (err) => resolve({ kind: 'error', message: err.message }));
  });
}

/** A heartbeat's reply, or the server's close; anything else within the time is a hang. */
function heartbeatOrClose(ws: WebSocket, vsn: string): Promise<'reply' | 'closed' | 'HANG'> {
  if (ws.readyState !== WebSocket.OPEN) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('HANG'), 10_000);
    const done = (v: 'reply' | 'closed') => {
      clearTimeout(timer);
      resolve(v);
    };
    ws.on('message', (d, binary) => {
      if (!binary && d.toString().includes('"hb-fuzz"')) done('reply');
    });
    ws.once('close', () => done('closed'));
    // Which serializer the server chose depends on the query's vsn (absent or unknown: 1.0.0);
    // the form it cannot decode only counts as one more undecodable frame.
    ws.send(vsn === '2.0.0' ? JSON.stringify([null, 'hb-fuzz', 'phoenix', 'heartbeat', {}]) : JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb-fuzz' }));
  });
}

async function canary(label: string): Promise<void> {
  const bad = await s.rest('/events?id=eq.not-a-number', { signal: AbortSignal.timeout(15_000) });
  expect(bad.status, `HTTP canary after ${label}`).toBe(400);
}

describe(`fuzz: hostile realtime sockets and frames (${driverName}, seed ${SEED})`, () => {
  it(`${SOCKETS} sockets × ${FRAMES_PER_SOCKET} frames: no 5xx upgrade, no hang, the server keeps serving, memory settles`, { timeout: 240_000 }, async () => {
    console.log(`fuzz-realtime: seed ${SEED}, ${SOCKETS} sockets (replay with FUZZ_SEED=${SEED})`);
    const before = await settledMemory();
    const failures: string[] = [];
    const outcomes = { reply: 0, closed: 0, refused: 0 };
    for (let i = 0; i < SOCKETS; i++) {
      const r = seededRandom(SEED + i);
      const vsn = r.pick(['1.0.0', '2.0.0', '2.0.0', '3.0.0', '']);
      const apikey = r.chance(0.8) ? r.pick(tokens) : r.pick(['garbage', '', 'a.b.c', 'x'.repeat(10_000)]);
      const query = r.pick([`apikey=${apikey}&vsn=${vsn}`, `apikey=${apikey}`, `vsn=${vsn}`, `apikey=${apikey}&vsn=${vsn}&log_level=%ff`, `apikey=${apikey}&apikey=${tokens[0]}&vsn=${vsn}`]);
      const label = `socket #${i} (${query.slice(0, 50)})`;
      const conn = await connect(query);
      if (conn.kind === 'refused') {
        outcomes.refused++;
        if (conn.status >= 500) failures.push(`${label}: upgrade answered ${conn.status}`);
      } else if (conn.kind === 'error') {
        failures.push(`${label}: ${conn.message}`);
      } else {
        const sent: string[] = [];
        for (let f = 0; f < FRAMES_PER_SOCKET && conn.ws.readyState === WebSocket.OPEN; f++) {
          const frame = hostileFrame(r, vsn || '1.0.0', tokens);
          sent.push('text' in frame ? `text ${frame.text.slice(0, 40)}` : `binary ${frame.binary.subarray(0, 8).toString('hex')}`);
          conn.ws.send('text' in frame ? frame.text : frame.binary, { binary: !('text' in frame) });
        }
        const result = await heartbeatOrClose(conn.ws, /(^|&)vsn=2\.0\.0/.test(query) ? '2.0.0' : '1.0.0');
        if (result === 'HANG') failures.push(`${label}: no heartbeat reply and no close after ${JSON.stringify(sent)}`);
        else outcomes[result]++;
        conn.ws.terminate();
      }
      await canary(label);
      if (i % 20 === 19) {
        const ch = await subscribed(s.anon().channel(`canary-${i}`));
        await s.anon().removeChannel(ch);
      }
    }
    const after = await settledMemory();
    console.log(`fuzz-realtime: ${JSON.stringify(outcomes)}; heap ${before.heapMiB} → ${after.heapMiB} MiB, rss ${before.rssMiB} → ${after.rssMiB} MiB`);
    expect(failures).toEqual([]);
    expect(after.heapMiB - before.heapMiB).toBeLessThan(40);
    expect(after.rssMiB - before.rssMiB).toBeLessThan(200);
  });
});
