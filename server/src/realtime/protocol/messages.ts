/** One Phoenix channel message, whatever serializer carried it. */
export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/**
 * A broadcast as subscribers receive it. `binary` payloads travel as bytes (v2 kind-4 frames);
 * everything else as JSON.
 */
export interface BroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
  binary?: Uint8Array;
  meta?: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';
