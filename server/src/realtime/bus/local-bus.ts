import { randomUUID } from 'node:crypto';
import type { Bus, BusEvent } from './bus-types.ts';

/** One process owns the database (PGlite): events never need to leave it. */
export function createLocalBus(): Bus {
  const instanceId = randomUUID();
  const handlers: ((e: BusEvent & { origin: string }) => void)[] = [];
  return {
    instanceId,
    async publish(event) {
      for (const h of handlers) h({ ...event, origin: instanceId });
    },
    onEvent(h) {
      handlers.push(h);
    },
    async close() {
      handlers.length = 0;
    },
  };
}
