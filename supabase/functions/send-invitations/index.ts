// Invitation emails (decision 0307). Called by the database, never by the app: a trigger on
// `invitations` posts the new ids after commit (pg_net), and a pg_cron sweep posts any still
// unhandled. Body: {"ids": ["<uuid>", …]} (at most 200) or {"id": "<uuid>"}. Service role only.
// Answers each id's outcome; 502 when any failed (the sweep tries them again).
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, preflight } from '../_shared/cors.ts';
import { badRequest, isObject, isUuid, methodNotAllowed, readJson } from '../_shared/request.ts';
import { requireServiceRole } from '../_shared/service-role.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { emailInvitation, type InvitationResult } from './email-invitation.ts';

const MAX_IDS = 200;
/** Emails sent at once: enough to clear a pasted list quickly, few enough to spare the provider. */
const CONCURRENCY = 4;

function idsOf(body: unknown): string[] | undefined {
  if (!isObject(body)) return undefined;
  const ids = body.ids !== undefined ? body.ids : body.id !== undefined ? [body.id] : undefined;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_IDS || !ids.every(isUuid)) return undefined;
  return [...new Set(ids as string[])];
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const denied = requireServiceRole(req, 'send-invitations');
  if (denied) return denied;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const ids = idsOf(await readJson(req));
  if (!ids) return badRequest(`Send {"id": "<invitation id>"} or {"ids": [...]} with 1 to ${MAX_IDS} ids.`);

  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const site = siteUrl(Deno.env);
  const results: InvitationResult[] = [];
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) results.push(await emailInvitation(supabase, id, site));
    }),
  );
  return json({ results }, results.some((r) => r.outcome === 'failed') ? 502 : 200);
});
