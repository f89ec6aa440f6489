import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

/** Subscribes and resolves once the server confirmed the join (or rejects with its error). */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Collects every postgres_changes payload a channel gets for a table. */
export function collectChanges(client: SupabaseClient, name: string, params: { table: string; event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }) {
  const got: { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }[] = [];
  const channel = client.channel(name).on(
    'postgres_changes' as never,
    { event: params.event ?? '*', schema: 'public', table: params.table, filter: params.filter } as never,
    (p: { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }) => got.push(p),
  );
  // Resolve the token first, so the join carries it (otherwise realtime-js joins with the
  // socket's apikey and only sends the token when it next changes).
  return { channel, got, ready: client.realtime.setAuth().then(() => subscribed(channel)) };
}
