import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

let s: TestServer;
beforeAll(async () => {
  // Small limits so the failures happen quickly.
  s = await startTestServer({ project: PROJECT, functionsMemoryMb: '64', functionsRequestTimeoutS: '2', metrics: '/metrics' });
});
afterAll(() => s?.stop());

const invoke = (name: string, query = '') => s.fetch(`/functions/v1/${name}${query}`, { method: 'POST', headers: { authorization: `Bearer ${s.keys.anonKey}` }, body: '{}' });

/** gather_function_worker_restarts_total, by `function/reason`, from the Prometheus text. */
async function restarts(): Promise<Record<string, number>> {
  const text = await (await s.fetch('/metrics')).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^gather_function_worker_restarts_total\{([^}]*)\} (\d+)$/gm)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    out[`${labels.function}/${labels.reason}`] = Number(m[2]);
  }
  return out;
}

describe(`function worker restarts in /metrics (${driverName})`, { timeout: 60_000 }, () => {
  it('counts nothing while functions answer, nor for an error their handler throws (the worker keeps serving)', async () => {
    expect((await invoke('hello')).status).toBe(200);
    expect((await invoke('thrower')).status).toBe(500);
    expect(await restarts()).toEqual({});
  });

  it('counts each worker lost to a crash, the memory limit, a request timeout or a failed boot, by function and reason', async () => {
    expect((await invoke('crash')).status).toBe(546);
    expect((await invoke('crash', '?ok=1')).status).toBe(200); // a fresh worker
    expect((await invoke('oom')).status).toBe(546);
    expect((await invoke('slow')).status).toBe(504);
    expect((await invoke('boot-fail')).status).toBe(503);
    await expect.poll(restarts).toEqual({ 'crash/exit': 1, 'oom/memory': 1, 'slow/timeout': 1, 'boot-fail/boot': 1 });
  });
});
