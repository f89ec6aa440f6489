import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db-types.ts';

export interface OutboxDrainer {
  /** Delivers what is due now; a call during a drain makes that drain go round once more. */
  drain(): Promise<void>;
  /** Stops listening and waits for the drain under way. */
  stop(): Promise<void>;
}

/**
 * The delivery loop of an outbox (mail, text messages): woken by NOTIFY on `channel` when any
 * instance queues something, and by a timer every `pollMs` for retries; one drain at a time per
 * process, and a wake-up during a drain is not lost.
 */
export async function startOutboxDrainer(
  db: Db,
  opts: { channel: string; pollMs: number; what: string; log: FastifyBaseLogger; drainOnce: () => Promise<void> },
): Promise<OutboxDrainer> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await opts.drainOnce().catch((err: Error) => opts.log.error({ err }, `${opts.what} outbox drain failed`));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const unlisten = await db.listen(opts.channel, () => void drain());
  const timer = setInterval(() => void drain(), opts.pollMs);
  timer.unref();
  void drain();
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
