import type { FilterCondition } from './change-filter.ts';

/** One row change as the capture trigger reports it. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/** The `data` of a postgres_changes frame, as Supabase sends it. */
export interface ChangeData {
  schema: string;
  table: string;
  type: CapturedChange['type'];
  commit_timestamp: string;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: string[] | null;
}

export interface ChangeBinding {
  /** What the client routes by: the same for the same params (upstream hashes them). */
  id: number;
  /** The params, exactly: bindings with equal keys match the same rows. */
  key: string;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: FilterCondition[];
  /** `select`: the payload keeps only these columns and the primary key (sorted; none: all). */
  select?: string[];
  /** Why Supabase could not make this subscription (a `select` it refuses), for the system event. */
  problem?: string;
}

/** A joined channel with postgres_changes bindings, seen from the change feed. */
export interface ChangeSubscriber {
  readonly bindings: readonly ChangeBinding[];
  readonly role: string;
  readonly claims: Record<string, unknown>;
  deliverChange(ids: number[], change: SharedChange): void;
}

/**
 * One change as every subscriber of one role receives it: `data` serialized once, and each
 * distinct frame (topic, binding ids, protocol version) encoded once, the same bytes written to
 * every socket that gets it (as upstream's MessageDispatcher caches the encoded message).
 */
export interface SharedChange {
  dataJson: string;
  frames: Map<string, Buffer>;
}
