// The VAPID public key, for browsers to subscribe with (pushManager.subscribe's
// applicationServerKey). Public by design: it only lets a push service check that messages come
// from this server. The private key never leaves the functions' secrets. GET, anyone.
// {"publicKey": null} when the operator has not set VAPID keys (decision 0335): a plain answer,
// not an error, since every Settings page asks.
import { json, preflight } from '../_shared/cors.ts';
import { methodNotAllowed } from '../_shared/request.ts';
import { vapidConfig } from '../_shared/push-config.ts';

Deno.serve((req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const vapid = vapidConfig(Deno.env);
  if (!vapid) return json({ publicKey: null, message: 'Push notifications are not set up on this server.' });
  const res = json({ publicKey: vapid.publicKey });
  // Browsers may keep it a while: it changes only when the operator rotates the keys.
  res.headers.set('cache-control', 'public, max-age=300');
  return res;
});
