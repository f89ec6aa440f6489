import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SMALL_MEMORY_LINE } from '../src/cli/start-banner.ts';
import { missingV8Flags, SERVER_V8_FLAGS, SMALL_MEMORY_BOX_BYTES, SMALL_MEMORY_V8_FLAGS, smallMemory } from '../src/cli/v8-settings.ts';
import { memoryBox, type MemoryBox } from './helpers/memory-box.ts';
import { runCli } from './helpers/run-cli.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));
const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

const MiB = 1024 ** 2;

/** `start` on an in-memory PGlite until ready, then the command line its process runs with and what it printed. */
async function startedWith(env: NodeJS.ProcessEnv = {}, box?: MemoryBox): Promise<{ args: string[]; output: string }> {
  const run = runCli(['start', '--project', EMPTY_PROJECT, '--db', 'memory', '--port', '0', '--db-port', 'off'], env, box);
  try {
    await run.waitFor(/secret key: /);
    return { args: cmdline(run.child.pid!), output: run.output() };
  } finally {
    run.child.kill('SIGTERM');
    await run.exited;
  }
}

describe('the server process runs with its V8 settings (decision 0402)', { timeout: 120_000 }, () => {
  it('gather-server start restarts itself with them, in the same process, and starts as usual', async () => {
    const { args, output } = await startedWith();
    // The same pid runs node with the flags before the script: execve, not a child.
    expect(args.slice(1, 1 + SERVER_V8_FLAGS.length)).toEqual(SERVER_V8_FLAGS);
    expect(args[1 + SERVER_V8_FLAGS.length]).toMatch(/bin\/gather-server\.js$/);
    expect(output).not.toContain(SMALL_MEMORY_LINE);
  });

  it('leaves a setting the operator gave alone (NODE_OPTIONS or a flag)', async () => {
    const { args } = await startedWith({ NODE_OPTIONS: '--max-semi-space-size=8' });
    expect(args.some((a) => a.startsWith('--max-semi-space-size'))).toBe(false);
    expect(missingV8Flags(['--max_semi_space_size=16'])).toEqual(SERVER_V8_FLAGS.filter((f) => !f.startsWith('--max-semi-space-size')));
    expect(missingV8Flags(['--max-semi-space-size=16'], '--v8-pool-size=4 --no-single-threaded-gc')).toEqual([]);
    expect(missingV8Flags([], '--max-old-space-size=512')).toEqual(SERVER_V8_FLAGS);
  });

  it('GATHER_SMALL_MEMORY=1 adds Liftoff-only WebAssembly for PGlite, and the start says so', async () => {
    const { args, output } = await startedWith({ GATHER_SMALL_MEMORY: '1' });
    expect(args.slice(1, 1 + SERVER_V8_FLAGS.length + SMALL_MEMORY_V8_FLAGS.length)).toEqual([...SERVER_V8_FLAGS, ...SMALL_MEMORY_V8_FLAGS]);
    expect(output).toContain(SMALL_MEMORY_LINE);
  });

  it('picks small-memory mode on a box of 1.5 GiB or less, unless GATHER_SMALL_MEMORY says otherwise (decision 0451)', () => {
    expect(SMALL_MEMORY_BOX_BYTES).toBe(1536 * MiB);
    expect(smallMemory({}, 512 * MiB)).toBe(true);
    expect(smallMemory({}, 1024 * MiB)).toBe(true);
    expect(smallMemory({}, 2048 * MiB)).toBe(false);
    expect(smallMemory({ GATHER_SMALL_MEMORY: '0' }, 512 * MiB)).toBe(false);
    expect(smallMemory({ GATHER_SMALL_MEMORY: '1' }, 24 * 1024 * MiB)).toBe(true);
  });

  it('in a 1 GiB container (a memory cgroup), starts in small-memory mode by itself', async (ctx) => {
    // 1 GiB, not 512 MiB: the start makes a new in-memory database, and PGlite's initdb alone
    // peaks at ~580 MiB (a warm start of a folder peaks at ~380).
    const made = memoryBox(1024);
    if ('reason' in made) {
      console.log(`skipped: ${made.reason}`);
      return ctx.skip();
    }
    try {
      const { args, output } = await startedWith({}, made.box);
      expect(args.slice(1, 1 + SERVER_V8_FLAGS.length + SMALL_MEMORY_V8_FLAGS.length)).toEqual([...SERVER_V8_FLAGS, ...SMALL_MEMORY_V8_FLAGS]);
      expect(output).toContain(SMALL_MEMORY_LINE);
    } finally {
      made.box.remove();
    }
  });
});
