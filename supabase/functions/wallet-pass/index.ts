// Wallet passes for a paid ticket (issue 31; decision 0285): GET ?code=<ticket code>&kind=apple
// answers the .pkpass (application/vnd.apple.pkpass); kind=google redirects (302) to Google
// Wallet's save link. The code is the ticket's own signed code (the buyer's order page has it,
// and it is what the pass shows), so a link works from a phone's browser with no token. A code
// that is not a valid ticket's: 404; wallet not configured by the operator: 501.
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { formatWhen } from '../_shared/email-templates.ts';
import { serviceClient } from '../_shared/payments.ts';
import { badRequest, methodNotAllowed, unavailable } from '../_shared/request.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { applePass, appleSettings } from './apple-pass.ts';
import { googleSaveUrl, googleSettings } from './google-link.ts';
import type { WalletTicket } from './ticket.ts';

const CODE = /^[0-9a-f-]{36}\.[0-9a-f]{32}$/i;

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  const code = (url.searchParams.get('code') ?? '').trim();
  const kind = url.searchParams.get('kind') ?? 'apple';
  if (!CODE.test(code)) return badRequest('Send ?code=<ticket code>&kind=apple|google.');
  if (kind !== 'apple' && kind !== 'google') return badRequest('"kind" is apple or google.');
  const apple = kind === 'apple' ? appleSettings(Deno.env) : undefined;
  const google = kind === 'google' ? googleSettings(Deno.env) : undefined;
  if (!apple && !google) {
    return json({ error: 'not_configured', message: `${kind === 'apple' ? 'Apple' : 'Google'} Wallet passes are not set up on this site.` }, 501);
  }
  let ticket: WalletTicket | null;
  try {
    const { data, error } = await serviceClient(Deno.env).rpc('wallet_ticket', { code });
    if (error) throw new Error(`wallet_ticket: ${error.message}`);
    ticket = data as WalletTicket | null;
  } catch (err) {
    return unavailable('wallet-pass', 'reading the ticket', err);
  }
  if (!ticket) return json({ error: 'ticket_not_found', message: 'This ticket does not exist or is no longer valid.' }, 404);
  const site = siteUrl(Deno.env, req);
  try {
    if (google) {
      return new Response(null, { status: 302, headers: { ...corsHeaders, location: await googleSaveUrl(ticket, google, site) } });
    }
    const body = applePass(ticket, apple!, site, formatWhen(ticket.event.starts_at, ticket.event.timezone));
    return new Response(body, {
      headers: {
        ...corsHeaders, 'content-type': 'application/vnd.apple.pkpass',
        'content-disposition': `attachment; filename="ticket-${ticket.ticket_id}.pkpass"`, 'cache-control': 'private, no-store',
      },
    });
  } catch (err) {
    return unavailable('wallet-pass', 'building the pass', err);
  }
});
