import { fileURLToPath } from 'node:url';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

let s: TestServer;
beforeAll(async () => {
  // Small limits so the failures happen quickly; 4 s rather than less because a fresh worker's
  // boot counts against it, and on a loaded CI machine (load 18 on 2 cores) a boot took over 2 s.
  s = await startTestServer(
    { project: PROJECT, functionsMemoryMb: '64', functionsRequestTimeoutS: '4' },
    { inProcess: "counts calls in one server process's function worker (each server process has its own)" },
  );
});
afterAll(() => s?.stop());

async function relayFailure(name: string): Promise<{ status: number; body: unknown }> {
  const { data, error } = await s.anon().functions.invoke(name, { body: {} });
  expect(data).toBeNull();
  expect(error).toBeInstanceOf(FunctionsRelayError);
  const res = (error as FunctionsRelayError).context as Response;
  expect(res.headers.get('x-relay-error')).toBe('true');
  return { status: res.status, body: await res.json() };
}

async function expectServing(name: string, expected: string): Promise<void> {
  const res = await s.fetch(`/functions/v1/${name}?ok=1`, { headers: { authorization: `Bearer ${s.keys.anonKey}` } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(expected);
}

describe('a function that fails never takes the server down', () => {
  it('throws in its handler: 500 WORKER_ERROR, and the same worker keeps serving', async () => {
    expect(await relayFailure('thrower')).toEqual({
      status: 500,
      body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    });
    await expectServing('thrower', '"calls":2');
  });

  it('crashes its worker: 546 WORKER_LIMIT, then a fresh worker answers', async () => {
    expect(await relayFailure('crash')).toEqual({
      status: 546,
      body: { code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' },
    });
    await expectServing('crash', 'alive');
  });

  it('runs out of memory: 546 WORKER_LIMIT, then a fresh worker answers', async () => {
    expect((await relayFailure('oom')).status).toBe(546);
    await expectServing('oom', 'fine');
  });

  it('never answers: 504 after the request timeout, then a fresh worker answers', async () => {
    const started = Date.now();
    const failure = await relayFailure('slow');
    expect(failure.status).toBe(504);
    expect(failure.body).toMatchObject({ code: 'WORKER_TIMEOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
    await expectServing('slow', 'fast');
  });

  it('spins in a busy loop: 504, while other functions and APIs keep answering meanwhile', async () => {
    const spinning = s.fetch('/functions/v1/slow?spin=1', { headers: { authorization: `Bearer ${s.keys.anonKey}` } });
    await new Promise((r) => setTimeout(r, 200));
    await expectServing('thrower', 'calls');
    const { error } = await s.anon().functions.invoke('echo', { body: { still: 'here' } });
    expect(error).toBeNull();
    const res = await spinning;
    expect(res.status).toBe(504);
    await expectServing('slow', 'fast');
  });

  it('fails to load: 503 BOOT_ERROR, every time, without hurting the others', async () => {
    expect((await relayFailure('boot-fail')).status).toBe(503);
    expect((await relayFailure('boot-fail')).status).toBe(503);
    await expectServing('crash', 'alive');
  });

  it('serves many concurrent requests across its workers', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => s.anon().functions.invoke<{ message: string }>('hello', { body: { name: `n${i}` } })),
    );
    results.forEach((r, i) => expect(r.data).toEqual({ message: `Hello n${i}!`, hasClient: true }));
  });
});
