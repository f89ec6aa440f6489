import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

/** Command lines of this process's children (the server runs in it): esbuild's service, function workers. */
function children(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) out.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}
const esbuildServices = () => children().filter((c) => c.includes('--service=')).length;
const helloWorkers = () => children().filter((c) => /gather-functions-[^/]*\/hello\.[0-9a-f]+\.mjs/.test(c)).length;
/** The folder a live `hello` worker's bundle is in: the server's bundle folder. */
const bundleDir = () => children().map((c) => /(\S*gather-functions-[^/]*)\/hello\.[0-9a-f]+\.mjs/.exec(c)?.[1]).find(Boolean);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project: PROJECT, functionsWorkerIdleS: '1' });
});
afterAll(() => s?.stop());

const invoke = () =>
  s.fetch('/functions/v1/hello', { method: 'POST', headers: { authorization: `Bearer ${s.keys.anonKey}` }, body: JSON.stringify({ name: 'idle' }) });

describe(`functions hold no memory while idle (${driverName})`, { timeout: 60_000 }, () => {
  it('stops the esbuild service once the functions are bundled', async () => {
    await expect.poll(esbuildServices, { timeout: 30_000, interval: 200 }).toBe(0);
  });

  it('bundles no function at start: the first call bundles the one called, and only it (decision 0400)', async () => {
    const res = await invoke();
    expect(res.status).toBe(200);
    const dir = bundleDir();
    expect(dir).toBeDefined();
    // Of the fixture's 17 functions, hello was asked for, and tick by the project's @reboot cron job.
    const bundled = () => readdirSync(dir!).map((f) => f.replace(/\.[0-9a-f]+\.mjs$/, '')).sort();
    await expect.poll(bundled, { timeout: 10_000, interval: 100 }).toEqual(['hello', 'tick']);
  });

  it('releases an idle worker after GATHER_FUNCTIONS_WORKER_IDLE_S, and the next call starts one and answers', async () => {
    const first = await invoke();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ message: 'Hello idle!' });
    expect(helloWorkers()).toBe(1);

    await expect.poll(helloWorkers, { timeout: 10_000, interval: 100 }).toBe(0);

    const again = await invoke();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ message: 'Hello idle!' });
    expect(helloWorkers()).toBe(1);
    // Answering needed no rebuild: esbuild stays stopped.
    expect(esbuildServices()).toBe(0);
  });
});
