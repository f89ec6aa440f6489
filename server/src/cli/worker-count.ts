import { availableParallelism } from 'node:os';
import type { Config } from '../config/config-schema.ts';

export class WorkerCountError extends Error {}

/**
 * `--workers N` / GATHER_WORKERS. Default: every core on PostgreSQL, one on PGlite, which lives
 * inside one process and cannot be shared between processes.
 */
export function workerCount(config: Config): number {
  const onPglite = config.dbTarget.kind !== 'postgres';
  if (config.workers === undefined) return onPglite ? 1 : availableParallelism();
  if (onPglite && config.workers > 1) {
    throw new WorkerCountError(
      `--workers ${config.workers}: PGlite runs inside one process, so it serves one worker; ` +
        'use --workers 1, or PostgreSQL (--db postgres://…) for more',
    );
  }
  return config.workers;
}
