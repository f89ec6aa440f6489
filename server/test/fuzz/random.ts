/**
 * A seeded random generator (mulberry32) so a failing fuzz case reproduces: every suite prints
 * its seed, and `FUZZ_SEED=<n>` replays the same sequence of cases.
 */
export interface Random {
  seed: number;
  /** A float in [0, 1). */
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  bytes(n: number): Buffer;
}

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    bytes(n) {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) out[i] = int(256);
      return out;
    },
  };
}

/** The seed from FUZZ_SEED, or a fixed default so `npm test` is deterministic. */
export function fuzzSeed(fallback: number): number {
  const given = Number(process.env.FUZZ_SEED);
  return Number.isInteger(given) && given > 0 ? given : fallback;
}
