import { fileURLToPath } from 'node:url';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/functions-project', import.meta.url));

// The faster, less isolated mode: functions in worker threads of the server process. Out-of-memory
// is not tested here on purpose: V8 can abort the whole process then (see worker-host.ts).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project: PROJECT, functionsIsolation: 'thread', functionsRequestTimeoutS: '2' });
});
afterAll(() => s?.stop());

async function status(name: string): Promise<number> {
  const { error } = await s.anon().functions.invoke(name, { body: {} });
  expect(error).toBeInstanceOf(FunctionsRelayError);
  return ((error as FunctionsRelayError).context as Response).status;
}

describe('functions in worker threads', () => {
  it('serve JSON, binary and streams', async () => {
    const { data } = await s.anon().functions.invoke<{ body: unknown }>('echo', { body: { n: 1 } });
    expect(data!.body).toEqual({ n: 1 });
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const bin = await s.anon().functions.invoke('echo?mirror=raw', { body: new Blob([bytes]) });
    expect(new Uint8Array(await (bin.data as Blob).arrayBuffer())).toEqual(bytes);
    const stream = await s.anon().functions.invoke('stream?n=3', { method: 'GET' });
    expect(await (stream.data as Response).text()).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n');
  });

  it('answer a throw with 500, a crash with 546, a busy loop with 504, and keep serving', async () => {
    expect(await status('thrower')).toBe(500);
    expect(await status('crash')).toBe(546);
    const spin = await s.fetch('/functions/v1/slow?spin=1', { headers: { authorization: `Bearer ${s.keys.anonKey}` } });
    expect(spin.status).toBe(504);
    for (const [name, text] of [
      ['thrower', 'calls'],
      ['crash', 'alive'],
      ['slow', 'fast'],
    ]) {
      const res = await s.fetch(`/functions/v1/${name}?ok=1`, { headers: { authorization: `Bearer ${s.keys.anonKey}` } });
      expect(await res.text()).toContain(text);
    }
  });
});
