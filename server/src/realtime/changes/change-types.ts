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
  id: number;
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: FilterCondition[];
}

/** A joined channel with postgres_changes bindings, seen from the change feed. */
export interface ChangeSubscriber {
  readonly bindings: readonly ChangeBinding[];
  readonly role: string;
  readonly claims: Record<string, unknown>;
  /** `dataJson` is `data` serialized, once per change for all its subscribers. */
  deliverChange(ids: number[], dataJson: string): void;
}
