import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendReauthentication } from '../auth-mail.ts';
import { requireUser } from '../authenticate.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { listIdentities } from '../identity-store.ts';
import { enforceRequestLimit } from '../rate-limits.ts';
import { referrerOf } from '../redirects.ts';
import { userJson } from '../user-json.ts';
import { updateCurrentUser } from '../user-update.ts';
import { findUserById, isConfirmed } from '../user-store.ts';

/** GET/PUT /user (getUser, updateUser) and GET /reauthenticate. */
export function userRoutes(app: FastifyInstance, a: AuthContext): void {
  app.get('/user', async (req) => {
    const authed = await requireUser(a, req);
    // GoTrue compares the token's audience with the request's (X-JWT-AUD, else its own).
    const wanted = typeof req.headers['x-jwt-aud'] === 'string' && req.headers['x-jwt-aud'] ? req.headers['x-jwt-aud'] : a.settings.aud;
    const aud = authed.claims.aud;
    const first = Array.isArray(aud) ? aud[0] : aud;
    if (first !== wanted) throw badRequest('validation_failed', "Token audience doesn't match request audience");
    return userJson(authed.user, await listIdentities(a.server.db, authed.user.id));
  });

  app.put('/user', async (req) => {
    const authed = await requireUser(a, req);
    enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    return updateCurrentUser(a, req, authed);
  });

  app.get('/reauthenticate', async (req) => {
    const authed = await requireUser(a, req);
    const u = authed.user;
    if (!u.email) {
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!isConfirmed(u)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await a.server.db.transaction(async (tx) => {
      const user = await findUserById(tx, u.id, true);
      if (user) await sendReauthentication({ auth: a, tx, user, referrer: referrerOf(a.settings, req), pkce: false });
    });
    return {};
  });
}
