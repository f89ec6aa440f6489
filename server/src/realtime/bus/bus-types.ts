import type { PresenceMeta } from '../presence/presence-types.ts';

/** A broadcast on the bus; bytes travel base64-encoded. */
export interface BusBroadcast {
  kind: 'broadcast';
  topic: string;
  event: string;
  payload?: unknown;
  binaryB64?: string;
  meta?: Record<string, unknown>;
  /** The sending channel, excluded from delivery unless it asked for `self`. */
  senderId?: string;
}

export interface BusPresenceDiff {
  kind: 'presence';
  topic: string;
  joins: { key: string; meta: PresenceMeta }[];
  leaves: { key: string; meta: PresenceMeta }[];
}

/** Instance liveness and start-up: others answer `hello` by re-announcing their presences. */
export interface BusInstance {
  kind: 'hello' | 'alive';
}

export type BusEvent = (BusBroadcast | BusPresenceDiff | BusInstance) & { origin?: string };

/**
 * Carries realtime events between server instances. Events published here are always
 * delivered locally too, so one code path serves one instance or many.
 */
export interface Bus {
  readonly instanceId: string;
  publish(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent & { origin: string }) => void): void;
  close(): Promise<void>;
}
