// Stripe Connect onboarding (issue 31; decision 0284): POST {group_id?} with the organizer's token
// → {url}, Stripe's hosted onboarding for the caller's own account, or the group's (its
// organizer only). The account is made once (Express; its id kept in payment_accounts) and a
// fresh single-use account link each time. Stripe's account.updated then tells the webhook
// whether charges and payouts are enabled. 409 connect_disabled while payments go to the
// operator's own account.
import { json, preflight } from '../_shared/cors.ts';
import { callerClient, fromDatabase, notSignedIn, serviceClient, signedInAuthorization } from '../_shared/payments.ts';
import { badRequest, isObject, isUuid, methodNotAllowed, readJson, unavailable } from '../_shared/request.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { stripeClient } from '../_shared/stripe.ts';

interface Owner {
  user_id: string | null;
  group_id: string | null;
  email: string | null;
  stripe_account_id: string | null;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const authorization = signedInAuthorization(req);
  if (!authorization) return notSignedIn('connect a payment account');
  const body = (await readJson(req)) ?? {};
  if (!isObject(body) || (body.group_id !== undefined && body.group_id !== null && !isUuid(body.group_id))) {
    return badRequest('Send {} for your own account, or {"group_id"} for a group\'s.');
  }
  const asked = await callerClient(Deno.env, authorization).rpc('payment_account_owner', { group_id: body.group_id ?? null });
  if (asked.error) return fromDatabase('connect-onboarding', 'checking the account owner', asked.error, asked.status);
  const owner = asked.data as Owner;
  const db = serviceClient(Deno.env);
  try {
    const stripe = stripeClient(Deno.env);
    let accountId = owner.stripe_account_id;
    const ownerKey = owner.group_id ? `group-${owner.group_id}` : `user-${owner.user_id}`;
    if (!accountId) {
      const account = await stripe.accounts.create({
        type: 'express',
        ...(owner.email && !owner.group_id ? { email: owner.email } : {}),
        metadata: owner.group_id ? { group_id: owner.group_id } : { user_id: owner.user_id! },
      }, { idempotencyKey: `account-${ownerKey}` });
      const saved = await db.rpc('save_payment_account', { owner_user: owner.user_id, owner_group: owner.group_id, stripe_account_id: account.id });
      if (saved.error) throw new Error(`save_payment_account: ${saved.error.message}`);
      accountId = (saved.data as { stripe_account_id: string }).stripe_account_id;
    }
    const back = `${siteUrl(Deno.env, req)}/settings/payments${owner.group_id ? `?group=${owner.group_id}&` : '?'}onboarding=`;
    const link = await stripe.accountLinks.create({
      account: accountId, type: 'account_onboarding', refresh_url: `${back}refresh`, return_url: `${back}done`,
    }, { idempotencyKey: `account-link-${ownerKey}-${crypto.randomUUID()}` });
    return json({ url: link.url });
  } catch (err) {
    return unavailable('connect-onboarding', 'starting Stripe onboarding', err);
  }
});
