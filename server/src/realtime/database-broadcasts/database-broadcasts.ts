import type { Db, Queryable } from '../../db/db-types.ts';
import type { BroadcastMessage } from '../protocol/messages.ts';
import { channelRoute } from '../socket/channel-session.ts';

/** What the trigger on realtime.messages NOTIFYs (bootstrap/21-realtime-broadcast-from-database.sql). */
interface InsertedMessage {
  id: string;
  topic: string;
  event: string | null;
  private: boolean;
  payload: unknown;
  binary: string | null;
}

const CHANNEL = 'gather_realtime_messages';
/** Supabase keeps broadcasts for replay 72 hours (it drops day partitions past that). */
const RETENTION = "interval '72 hours'";
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60 * 1000;

/**
 * Broadcasts from the database (decision 0295): every committed insert into realtime.messages
 * — `realtime.send`, `send_binary`, `broadcast_changes`, or a plain INSERT, as upstream's
 * replication reads them all — goes to the topic's subscribers, public or private as the row
 * says, with `meta: { id }`. Each instance LISTENs and delivers to its own sockets only, so with
 * several instances or workers every subscriber hears each message once. Delivery is in commit
 * order (spilled messages are read before the next one is delivered).
 */
export class DatabaseBroadcasts {
  private readonly db: Db;
  private readonly reads: Queryable;
  private readonly deliver: (message: BroadcastMessage) => void;
  private readonly maxPayloadBytes: number;
  private readonly onDropped: (reason: string, err?: unknown) => void;
  private chain = Promise.resolve();
  private stopListening?: () => Promise<void>;
  private sweep?: NodeJS.Timeout;
  private firstSweep?: NodeJS.Timeout;

  constructor(opts: {
    db: Db;
    reads?: Queryable;
    deliver: (message: BroadcastMessage) => void;
    maxPayloadBytes: number;
    onDropped: (reason: string, err?: unknown) => void;
  }) {
    this.db = opts.db;
    this.reads = opts.reads ?? opts.db;
    this.deliver = opts.deliver;
    this.maxPayloadBytes = opts.maxPayloadBytes;
    this.onDropped = opts.onDropped;
  }

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(CHANNEL, (raw) => {
      this.chain = this.chain.then(() => this.receive(raw)).catch((err) => this.onDropped('unreadable message', err));
    });
    // Every instance sweeps; the deletes are the same, and none depends on another instance.
    const sweep = () => void this.removeExpired().catch(() => {});
    // The first sweep a minute in, not at start: it is housekeeping, and on PGlite its delete
    // (~50-110 ms cold) would hold the one connection while the other APIs register (decision 0448).
    this.firstSweep = setTimeout(sweep, FIRST_SWEEP_MS).unref();
    this.sweep = setInterval(sweep, SWEEP_EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.firstSweep);
    clearInterval(this.sweep);
    await this.stopListening?.();
    await this.chain;
  }

  /** Messages older than the replay window, and spilled notices nobody can still be reading. */
  async removeExpired(): Promise<void> {
    await this.db.query(`delete from realtime.messages where inserted_at < (now() at time zone 'utc') - ${RETENTION}`);
    await this.db.query(`delete from _gather.realtime_spill where created_at < now() - interval '5 minutes'`);
  }

  private async receive(raw: string): Promise<void> {
    let m = JSON.parse(raw) as InsertedMessage | { spill: number };
    if ('spill' in m) {
      const r = await this.reads.query<{ payload: string }>('select payload from _gather.realtime_spill where id = $1', [m.spill]);
      if (!r.rows[0]) return this.onDropped('spilled message expired');
      m = JSON.parse(r.rows[0].payload) as InsertedMessage;
    }
    // Upstream's replication handler needs an event and a payload of either kind.
    if (!m.event || (m.payload === null && m.binary === null)) return this.onDropped(`message ${m.id} has no event or no payload`);
    const binary = m.binary === null ? undefined : new Uint8Array(Buffer.from(m.binary, 'base64'));
    const size = binary ? binary.length : Buffer.byteLength(JSON.stringify(m.payload));
    if (size > this.maxPayloadBytes) return this.onDropped(`message ${m.id} is larger than the payload limit`);
    this.deliver({
      topic: channelRoute(`realtime:${m.topic}`, m.private),
      event: m.event,
      payload: binary ? undefined : m.payload,
      binary,
      meta: { id: m.id },
    });
  }
}
