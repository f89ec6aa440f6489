import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { sendReauthentication } from '../auth-mail.ts';
import { requireUser } from '../authenticate.ts';
import { badRequest, unprocessable } from '../errors.ts';

import { enforceRequestLimit } from '../rate-limits.ts';
import { referrerOf } from '../redirects.ts';
import { loadUserJson } from '../user-json.ts';
import { updateCurrentUser } from '../user-update.ts';
import { findUserById, isConfirmed } from '../user-store.ts';
import { sendPhoneOtp } from '../phone.ts';

/** GET/PUT /user (getUser, updateUser) and GET /reauthenticate. */
export function userRoutes(app: FastifyInstance, a: AuthContext): void {
  app.get('/user', async (req) => {
    const authed = await requireUser(a, req);
    // GoTrue compares the token's audience with the request's (X-JWT-AUD, else its own).
    const wanted = typeof req.headers['x-jwt-aud'] === 'string' && req.headers['x-jwt-aud'] ? req.headers['x-jwt-aud'] : a.settings.aud;
    const aud = authed.claims.aud;
    const first = Array.isArray(aud) ? aud[0] : aud;
    if (first !== wanted) throw badRequest('validation_failed', "Token audience doesn't match request audience");
    return loadUserJson(a.server.db, authed.user);
  });

  app.put('/user', async (req) => {
    const authed = await requireUser(a, req);
    await enforceRequestLimit(a.limits.signInSignUps, req, a.server.keys);
    return updateCurrentUser(a, req, authed);
  });

  app.get('/reauthenticate', async (req) => {
    const authed = await requireUser(a, req);
    const u = authed.user;
    if (!u.email && !u.phone) {
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (u.email ? !isConfirmed(u) : !u.phone_confirmed_at) throw unprocessable(u.email ? 'email_not_confirmed' : 'phone_not_confirmed', u.email ? 'Please verify your email first.' : 'Please verify your phone first.');
    const messageId = await a.server.db.transaction(async (tx) => {
      const user = await findUserById(tx, u.id, true);
      if (!user) return undefined;
      // The email when there is one, else a text to the phone (GoTrue's order).
      if (user.email) await sendReauthentication({ auth: a, tx, user, referrer: referrerOf(a.settings, req), pkce: false });
      else return (await sendPhoneOtp(a, tx, user, user.phone!, 'reauthentication', 'sms')).messageId;
      return undefined;
    });
    if (messageId) return { message_id: messageId };
    return {};
  });
}
