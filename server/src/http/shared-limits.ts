/** A token bucket: `events` per `windowSeconds`, bursting to `burst`. */
export interface BucketSpec {
  /** Which limit (one bucket per name and key). */
  name: string;
  events: number;
  windowSeconds: number;
  burst: number;
}

/**
 * Limits that hold for the whole server when it runs as several processes (`start --workers N`):
 * the cluster's primary keeps them, so N workers on one port limit as one server does
 * (cli/cluster-limits.ts). Without it (one process), each API keeps its limits in memory.
 */
export interface SharedLimits {
  /** Takes one token for `key` from the bucket; false when it is empty. */
  take(bucket: BucketSpec, key: string): Promise<boolean>;
  /** Takes one of at most `max` places for `key` under `name`; false when all are taken. */
  acquire(name: string, key: string, max: number): Promise<boolean>;
  /** Gives back a place `acquire` gave. */
  release(name: string, key: string): void;
}
