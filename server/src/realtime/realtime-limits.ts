/** Supabase Realtime's tenant defaults; each can be changed through config. */
export interface RealtimeLimits {
  maxConnectionsPerIp: number;
  maxChannelsPerConnection: number;
  maxEventsPerSecond: number;
  maxPayloadBytes: number;
  /** A client whose unsent frames exceed this is dropped instead of growing memory. */
  maxBufferedBytes: number;
  /** Sockets that send nothing (not even heartbeats) for this long are closed. */
  idleTimeoutMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxConnectionsPerIp: 200,
  maxChannelsPerConnection: 100,
  maxEventsPerSecond: 100,
  maxPayloadBytes: 3000 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
  idleTimeoutMs: 60_000,
};

/** A one-second window counter: cheap, and close enough to a token bucket for abuse control. */
export class RateWindow {
  private windowStart = 0;
  private count = 0;
  private readonly perSecond: number;

  constructor(perSecond: number) {
    this.perSecond = perSecond;
  }

  take(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    return ++this.count <= this.perSecond;
  }
}
