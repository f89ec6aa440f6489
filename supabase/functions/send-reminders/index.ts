// Reminders 24 hours and 1 hour before each event, for everyone going. pg_cron calls this every
// 5 minutes (migration 20261101001210); the database makes each reminder notification exactly
// once (`create_due_reminders`), and `notify` emails them. Service role only.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, preflight } from '../_shared/cors.ts';
import { methodNotAllowed, unavailable } from '../_shared/request.ts';
import { requireServiceRole } from '../_shared/service-role.ts';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const denied = requireServiceRole(req, 'send-reminders');
  if (denied) return denied;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.rpc('create_due_reminders');
  if (error) return unavailable('send-reminders', 'making the reminders', error);
  return json({ created: data });
});
