import type { Db } from '../../db/db-types.ts';
import { applyRequestContext } from '../../db/request-settings.ts';
import type { RealtimeIdentity } from '../socket/realtime-token.ts';

export interface ChannelPermissions {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

export const ALL_ALLOWED: ChannelPermissions = { broadcastRead: true, broadcastWrite: true, presenceRead: true, presenceWrite: true };

class Rollback extends Error {}

/**
 * Private channels, checked as Supabase does with policies on realtime.messages. Read: probe
 * rows inserted by the server can be selected back under the caller's role and claims.
 * Write: the caller may insert a probe row itself. Everything is rolled back.
 */
export async function privateChannelPermissions(db: Db, subtopic: string, who: RealtimeIdentity): Promise<ChannelPermissions> {
  const result: ChannelPermissions = { broadcastRead: false, broadcastWrite: false, presenceRead: false, presenceWrite: false };
  await db
    .transaction(async (tx) => {
      const probes = await tx.query<{ id: string; extension: 'broadcast' | 'presence' }>(
        `insert into realtime.messages (topic, extension, private, event)
         values ($1, 'broadcast', true, 'gather_probe'), ($1, 'presence', true, 'gather_probe')
         returning id, extension`,
        [subtopic],
      );
      await applyRequestContext(tx, { role: who.role, claims: who.claims, settings: { 'realtime.topic': subtopic } });
      for (const p of probes.rows) {
        await tx.exec('savepoint probe');
        try {
          const r = await tx.query('select 1 from realtime.messages where id = $1', [p.id]);
          result[`${p.extension}Read`] = r.rows.length > 0;
        } catch {
          await tx.exec('rollback to savepoint probe');
        }
        await tx.exec('savepoint probe');
        try {
          await tx.query(`insert into realtime.messages (topic, extension, private, event) values ($1, $2, true, 'gather_probe')`, [
            subtopic,
            p.extension,
          ]);
          result[`${p.extension}Write`] = true;
        } catch {
          await tx.exec('rollback to savepoint probe');
        }
      }
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result;
}
