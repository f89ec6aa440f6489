import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sparesOpened } from '../helpers/test-db.ts';

setFlagsFromString('--expose-gc');
// A fresh context picks up the flag; the main one was created before it was set.
const gc = runInNewContext('gc') as () => void;

export interface MemorySample {
  heapMiB: number;
  rssMiB: number;
}

const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

/** Heap after full collections (twice: finalizers free more) and the process's resident set. */
export async function settledMemory(): Promise<MemorySample> {
  await sparesOpened();
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  const m = process.memoryUsage();
  return { heapMiB: mib(m.heapUsed), rssMiB: mib(m.rss) };
}
