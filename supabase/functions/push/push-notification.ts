// One notification's push, start to finish: claim it (once, whoever calls), decide, write the
// message, send it to each of the member's devices, forget the devices whose push service says
// they are gone (404/410), and record the outcome.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { decidePush, pushPayload, type PushOutcome, type PushRecord } from '../_shared/push-message.ts';
import { pushServiceAllowed, type VapidConfig } from '../_shared/push-config.ts';
import { sendPush, type DeviceResult } from '../_shared/push-send.ts';

export interface PushContext {
  supabase: SupabaseClient;
  site: string;
  vapid: VapidConfig | undefined;
  allowedOrigins: string | undefined;
}

export type PushResult =
  | { id: string; outcome: 'already_handled' }
  | { id: string; outcome: Exclude<PushOutcome, 'sent'>; why?: string }
  | { id: string; outcome: 'sent'; devices: DeviceResult[] }
  /** Every device's push service failed for now: the sweep tries again within the hour. */
  | { id: string; outcome: 'retry'; devices?: DeviceResult[]; error?: string };

async function record(supabase: SupabaseClient, id: string, status: PushOutcome | 'retry'): Promise<void> {
  const { error } = await supabase.rpc('mark_notification_pushed', { notification_id: id, status });
  if (error) throw new Error(`mark_notification_pushed: ${error.message}`);
}

export async function pushNotification(ctx: PushContext, id: string): Promise<PushResult> {
  const { supabase } = ctx;
  let claimed = false;
  try {
    const { data, error } = await supabase.rpc('claim_notification_push', { notification_id: id });
    if (error) throw new Error(`claim_notification_push: ${error.message}`);
    const n = data as PushRecord | null;
    if (!n) return { id, outcome: 'already_handled' };
    claimed = true;
    if (!ctx.vapid) {
      await record(supabase, id, 'not_configured');
      return { id, outcome: 'not_configured', why: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set' };
    }
    const decision = decidePush(n);
    const payload = decision.send ? pushPayload(n, ctx.site) : undefined;
    if (!decision.send || !payload) {
      const outcome = decision.send ? 'skipped' : decision.outcome;
      await record(supabase, id, outcome);
      return { id, outcome, why: decision.send ? `no words for ${n.kind}` : decision.why };
    }
    const devices = n.devices.filter((d) => pushServiceAllowed(d.endpoint, ctx.allowedOrigins));
    if (devices.length === 0) {
      await record(supabase, id, 'skipped');
      return { id, outcome: 'skipped', why: 'no device on a known push service' };
    }
    const urgency = n.kind === 'reminder_1h' || n.kind === 'rsvp_promoted' ? 'high' : 'normal';
    const results = await Promise.all(devices.map((d) => sendPush(d, payload, ctx.vapid!, urgency)));
    const gone = results.filter((r) => r.result === 'gone').map((r) => r.device);
    if (gone.length) {
      const { error: forgetting } = await supabase.from('push_subscriptions').delete().in('id', gone);
      if (forgetting) console.error('push: forgetting gone devices:', forgetting.message);
    }
    const sent = results.filter((r) => r.result === 'sent').map((r) => r.device);
    if (sent.length) {
      const { error: stamping } = await supabase.from('push_subscriptions').update({ last_used_at: new Date().toISOString() }).in('id', sent);
      if (stamping) console.error('push: last_used_at:', stamping.message);
      await record(supabase, id, 'sent');
      return { id, outcome: 'sent', devices: results };
    }
    if (results.some((r) => r.result === 'failed')) {
      await record(supabase, id, 'retry');
      return { id, outcome: 'retry', devices: results };
    }
    const outcome = gone.length === results.length ? 'no_device' : 'failed';
    await record(supabase, id, outcome);
    return { id, outcome, why: gone.length === results.length ? 'every device is gone' : 'the push services refused it' };
  } catch (err) {
    console.error(`push: notification ${id}:`, (err as Error).message);
    // Handed back to the sweep; a claim left behind is taken again after five minutes.
    if (claimed) await record(supabase, id, 'retry').catch(() => undefined);
    return { id, outcome: 'retry', error: 'The notification could not be read, sent or recorded.' };
  }
}
