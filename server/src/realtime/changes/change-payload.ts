import type { TableInfo } from './table-info.ts';
import type { CapturedChange, ChangeData } from './change-types.ts';

/** Supabase's per-change limit; above it, values over 64 bytes are dropped. */
const MAX_RECORD_BYTES = 1024 * 1024;
const KEPT_VALUE_BYTES = 64;

function pick(row: Record<string, unknown>, keep: (col: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (keep(k)) out[k] = v;
  return out;
}

function trimLarge(row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return row && pick(row, (k) => Buffer.byteLength(JSON.stringify(row[k]) ?? '') <= KEPT_VALUE_BYTES);
}

/**
 * The frame data one role receives: only columns it may SELECT; old values cut to the replica
 * identity (the PK by default), and to the PK for DELETE when RLS is on, as Supabase does.
 */
export function shapeChange(change: CapturedChange, info: TableInfo, visible: Set<string>): ChangeData {
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    type: change.type,
    commit_timestamp: change.commit_timestamp,
    columns: info.columns.filter((c) => visible.has(c.name)).map((c) => ({ name: c.name, type: c.type })),
    errors: null,
  };
  if (change.type !== 'DELETE' && info.pk.length === 0) {
    data.errors = ['Error 400: Bad Request, no primary key'];
    return data;
  }
  if (change.record) data.record = pick(change.record, (k) => visible.has(k));
  if (change.old_record) {
    const pkOnly = info.replicaIdentity !== 'f' || (change.type === 'DELETE' && info.rls);
    data.old_record =
      info.replicaIdentity === 'n' ? {} : pick(change.old_record, (k) => visible.has(k) && (!pkOnly || info.pk.includes(k)));
  }
  const size = Buffer.byteLength(JSON.stringify(data.record ?? {})) + Buffer.byteLength(JSON.stringify(data.old_record ?? {}));
  if (size > MAX_RECORD_BYTES) {
    data.record = trimLarge(data.record);
    data.old_record = trimLarge(data.old_record);
    data.errors = ['Error 413: Payload Too Large'];
  }
  return data;
}
