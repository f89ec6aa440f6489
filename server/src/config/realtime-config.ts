import * as z from 'zod';

/** Realtime limits (Supabase Realtime's tenant defaults), spread into the shared config. */
const positive = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more');

export const realtimeConfigFields = {
  realtimeMaxConnectionsPerIp: positive,
  realtimeMaxChannelsPerConnection: positive,
  realtimeMaxEventsPerSecond: positive,
  /** Largest broadcast payload, in KB (Supabase: 3000 KB on paid plans, 256 KB on free). */
  realtimeMaxPayloadKb: positive,
  /** Unsent bytes a client may have queued before it is disconnected as too slow, in KB. */
  realtimeMaxBufferedKb: positive,
};

export const REALTIME_ENV_NAMES = {
  realtimeMaxConnectionsPerIp: 'GATHER_REALTIME_MAX_CONNECTIONS_PER_IP',
  realtimeMaxChannelsPerConnection: 'GATHER_REALTIME_MAX_CHANNELS_PER_CONNECTION',
  realtimeMaxEventsPerSecond: 'GATHER_REALTIME_MAX_EVENTS_PER_SECOND',
  realtimeMaxPayloadKb: 'GATHER_REALTIME_MAX_PAYLOAD_KB',
  realtimeMaxBufferedKb: 'GATHER_REALTIME_MAX_BUFFERED_KB',
} as const;

export const REALTIME_DEFAULTS = {
  realtimeMaxConnectionsPerIp: 200,
  realtimeMaxChannelsPerConnection: 100,
  realtimeMaxEventsPerSecond: 100,
  realtimeMaxPayloadKb: 3000,
  realtimeMaxBufferedKb: 16 * 1024,
};
