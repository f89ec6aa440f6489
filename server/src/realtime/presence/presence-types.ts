/** One tracked state: the user's payload plus Phoenix's unique `phx_ref`. */
export interface PresenceMeta {
  phx_ref: string;
  phx_ref_prev?: string;
  [key: string]: unknown;
}

/** `presence_state` / `presence_diff` shape: metas grouped by presence key. */
export type PresenceGroups = Record<string, { metas: PresenceMeta[] }>;
