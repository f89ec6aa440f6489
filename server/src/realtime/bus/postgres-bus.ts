import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db-types.ts';
import type { Bus, BusEvent } from './bus-types.ts';

const CHANNEL = 'gather_realtime_bus';
/** NOTIFY payloads are limited to 8000 bytes; larger events go through a table. */
const NOTIFY_LIMIT = 7000;
const SPILL_TTL = "interval '5 minutes'";

/**
 * Fan-out between server instances sharing one PostgreSQL: local delivery at once, and a
 * NOTIFY that every other instance receives (its own echo is ignored).
 */
export async function createPostgresBus(db: Db): Promise<Bus> {
  const instanceId = randomUUID();
  const handlers: ((e: BusEvent & { origin: string }) => void)[] = [];
  const deliver = (e: BusEvent & { origin: string }) => {
    for (const h of handlers) h(e);
  };
  // Keep arrival order even when a spilled event must be fetched first.
  let chain = Promise.resolve();
  const stop = await db.listen(CHANNEL, (raw) => {
    chain = chain.then(async () => {
      try {
        let msg = JSON.parse(raw) as (BusEvent & { origin: string }) | { spill: string; origin: string };
        if (msg.origin === instanceId) return;
        if ('spill' in msg) {
          const r = await db.query<{ payload: string }>('select payload from _gather.realtime_spill where id = $1', [msg.spill]);
          if (!r.rows[0]) return;
          msg = JSON.parse(r.rows[0].payload) as BusEvent & { origin: string };
        }
        deliver(msg as BusEvent & { origin: string });
      } catch {
        // A malformed or expired event is dropped; realtime delivery is best effort.
      }
    });
  });
  const sweep = setInterval(() => {
    db.query(`delete from _gather.realtime_spill where created_at < now() - ${SPILL_TTL}`).catch(() => {});
  }, 60_000);
  sweep.unref();

  return {
    instanceId,
    async publish(event) {
      const full = { ...event, origin: instanceId };
      deliver(full);
      const text = JSON.stringify(full);
      if (Buffer.byteLength(text) <= NOTIFY_LIMIT) return db.notify(CHANNEL, text);
      const r = await db.query<{ id: string }>('insert into _gather.realtime_spill (payload) values ($1) returning id', [text]);
      await db.notify(CHANNEL, JSON.stringify({ spill: r.rows[0]!.id, origin: instanceId }));
    },
    onEvent(h) {
      handlers.push(h);
    },
    async close() {
      clearInterval(sweep);
      handlers.length = 0;
      await stop();
    },
  };
}
