import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Development mode: functions are rebuilt when their files change, and new ones are picked up.
const project = mkdtempSync(join(tmpdir(), 'gather-fn-reload-'));

function write(path: string, text: string): void {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
}

write('config.toml', '[functions.greet]\nverify_jwt = false\n\n[functions.added]\nverify_jwt = false\n');
write('functions/_shared/word.ts', "export const word = 'first';\n");
write('functions/greet/index.ts', "import { word } from '../_shared/word.ts';\nDeno.serve(() => new Response(`greet ${word}`));\n");

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ project });
});
afterAll(async () => {
  await s?.stop();
  rmSync(project, { recursive: true, force: true });
});

const text = async (name: string) => (await s.fetch(`/functions/v1/${name}`)).text();

describe('rebuild on change (development)', () => {
  it('serves the new code after the function or a shared module changes', async () => {
    expect(await text('greet')).toBe('greet first');
    write('functions/greet/index.ts', "import { word } from '../_shared/word.ts';\nDeno.serve(() => new Response(`hello ${word}`));\n");
    await expect.poll(() => text('greet')).toBe('hello first');
    write('functions/_shared/word.ts', "export const word = 'second';\n");
    await expect.poll(() => text('greet')).toBe('hello second');
  });

  it('picks up a function created while running', async () => {
    expect((await s.fetch('/functions/v1/added')).status).toBe(404);
    write('functions/added/index.ts', "Deno.serve(() => new Response('new here'));\n");
    await expect.poll(() => text('added')).toBe('new here');
  });

  it('reports a broken edit as BOOT_ERROR, and recovers when it is fixed', async () => {
    write('functions/greet/index.ts', 'Deno.serve(() => new Response(`unterminated);\n');
    await expect.poll(async () => (await s.fetch('/functions/v1/greet')).status).toBe(503);
    write('functions/greet/index.ts', "Deno.serve(() => new Response('fixed'));\n");
    await expect.poll(() => text('greet')).toBe('fixed');
  });
});
