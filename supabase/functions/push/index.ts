// Web Push for notifications (issue 33, decision 0336). Called by the database, never by the
// app: a trigger on `notifications` posts new ids after commit (pg_net), and a pg_cron sweep
// posts any still unhandled within the hour. Body: {"id": "<uuid>"} or {"ids": [...]} (at most
// 200). Service role only. Answers each id's outcome; 502 when any is to be retried.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, preflight } from '../_shared/cors.ts';
import { badRequest, isObject, isUuid, methodNotAllowed, readJson } from '../_shared/request.ts';
import { requireServiceRole } from '../_shared/service-role.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { vapidConfig } from '../_shared/push-config.ts';
import { pushNotification, type PushResult } from './push-notification.ts';

const MAX_IDS = 200;
/** Notifications pushed at once; each goes to all of its member's devices together. */
const CONCURRENCY = 4;

function idsOf(body: unknown): string[] | undefined {
  if (!isObject(body)) return undefined;
  const ids = body.ids !== undefined ? body.ids : body.id !== undefined ? [body.id] : undefined;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_IDS) return undefined;
  if (!ids.every(isUuid)) return undefined;
  return [...new Set(ids as string[])];
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const denied = requireServiceRole(req, 'push');
  if (denied) return denied;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const ids = idsOf(await readJson(req));
  if (!ids) return badRequest(`Send {"id": "<notification id>"} or {"ids": [...]} with 1 to ${MAX_IDS} ids.`);

  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const context = {
    supabase,
    site: siteUrl(Deno.env),
    vapid: vapidConfig(Deno.env),
    allowedOrigins: Deno.env.get('PUSH_SERVICE_ORIGINS'),
  };
  const results: PushResult[] = [];
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) results.push(await pushNotification(context, id));
    }),
  );
  return json({ results }, results.some((r) => r.outcome === 'retry') ? 502 : 200);
});
