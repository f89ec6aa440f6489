import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingV8Flags, SERVER_V8_FLAGS, SMALL_MEMORY_V8_FLAGS } from '../src/cli/v8-settings.ts';
import { runCli } from './helpers/run-cli.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));
const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** `start` on an in-memory PGlite until ready, then the command line its process runs with. */
async function startedWith(env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const run = runCli(['start', '--project', EMPTY_PROJECT, '--db', 'memory', '--port', '0', '--db-port', 'off'], env);
  try {
    await run.waitFor(/secret key: /);
    return cmdline(run.child.pid!);
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
  }
}

describe('the server process runs with its V8 settings (decision 0402)', { timeout: 120_000 }, () => {
  it('gather-server start restarts itself with them, in the same process, and starts as usual', async () => {
    const args = await startedWith();
    // The same pid runs node with the flags before the script: execve, not a child.
    expect(args.slice(1, 1 + SERVER_V8_FLAGS.length)).toEqual(SERVER_V8_FLAGS);
    expect(args[1 + SERVER_V8_FLAGS.length]).toMatch(/cli\/main\.ts$/);
  });

  it('leaves a setting the operator gave alone (NODE_OPTIONS or a flag)', async () => {
    const args = await startedWith({ NODE_OPTIONS: '--max-semi-space-size=8' });
    expect(args.some((a) => a.startsWith('--max-semi-space-size'))).toBe(false);
    expect(missingV8Flags(['--max_semi_space_size=16'])).toEqual(SERVER_V8_FLAGS.filter((f) => !f.startsWith('--max-semi-space-size')));
    expect(missingV8Flags(['--max-semi-space-size=16'], '--v8-pool-size=4')).toEqual([]);
    expect(missingV8Flags([], '--max-old-space-size=512')).toEqual(SERVER_V8_FLAGS);
  });

  it('GATHER_SMALL_MEMORY=1 adds Liftoff-only WebAssembly for PGlite', async () => {
    const args = await startedWith({ GATHER_SMALL_MEMORY: '1' });
    expect(args.slice(1, 1 + SERVER_V8_FLAGS.length + SMALL_MEMORY_V8_FLAGS.length)).toEqual([...SERVER_V8_FLAGS, ...SMALL_MEMORY_V8_FLAGS]);
  });
});
