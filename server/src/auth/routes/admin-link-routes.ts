import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { sendInvite, verifyLink } from '../auth-mail.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { createUser } from '../hooks/before-user-created.ts';
import { emailIdentityData, insertIdentity } from '../identity-store.ts';
import { saveOneTimeToken } from '../one-time-tokens.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { isRedirectAllowed, referrerOf } from '../redirects.ts';
import { bodyOf, obj, str } from '../request-body.ts';
import { generateOtp, randomPassword, tokenHash } from '../secrets.ts';
import { loadUserJson } from '../user-json.ts';
import { emailInUse, findUserByEmail, isConfirmed, mergeMetadata, updateUser, type UserRow } from '../user-store.ts';
import { validateEmail } from '../validation.ts';

const LINK_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new']);

/**
 * A user created by an invitation or a generated sign-up link: through before_user_created,
 * as GoTrue's invite and generate_link do (admin.createUser does not call it, in GoTrue either).
 */
async function newEmailUser(a: AuthContext, tx: Queryable, email: string, hash: string, data: Record<string, unknown>): Promise<UserRow> {
  const user = await createUser(a, tx, {
    aud: a.settings.aud,
    role: a.settings.defaultRole,
    email,
    encryptedPassword: hash,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: data,
  });
  await insertIdentity(tx, user.id, 'email', emailIdentityData(user.id, email));
  return user;
}

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/**
 * POST /admin/generate_link (admin.generateLink): the same tokens the emails would carry, handed
 * to the caller instead of mailed; creates the user for signup/invite/magiclink when missing.
 */
export function adminLinkRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/admin/generate_link', async (req) => {
    const s = a.settings;
    const body = bodyOf(req);
    let type = str(body, 'type');
    const email = validateEmail(str(body, 'email'));
    const data = obj(body, 'data') ?? {};
    const bodyRedirect = str(body, 'redirect_to');
    const referrer = isRedirectAllowed(s, bodyRedirect) ? bodyRedirect : referrerOf(s, req);
    const existing = await findUserByEmail(a.server.db, email, s.aud);
    let password = str(body, 'password');
    if (!existing) {
      if (type === 'magiclink') [type, password] = ['signup', randomPassword()];
      else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new') {
        throw notFound('user_not_found', 'User with this email not found');
      }
    }
    if (!LINK_TYPES.has(type)) throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
    if (type === 'signup' && !existing) {
      if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
      if (str(body, 'type') === 'signup') checkPasswordStrength(password, s);
    }
    const hash = type === 'signup' && !existing ? await hashPassword(password) : '';
    const otp = generateOtp(s.otpLength);
    const hashed = tokenHash(a.server.keys, email, otp);

    const { user, link } = await a.server.db.transaction(async (tx) => {
      let user = existing;
      let stored = hashed;
      const now = new Date();
      if (type === 'magiclink' || type === 'recovery') {
        user = await updateUser(tx, user!.id, { recovery_token: hashed, recovery_sent_at: now });
        await saveOneTimeToken(tx, user.id, 'recovery_token', hashed, email);
      } else if (type === 'invite' || type === 'signup') {
        if (user && isConfirmed(user)) throw emailExists();
        if (!user) user = await newEmailUser(a, tx, email, hash, data);
        else if (type === 'signup') user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
        const invited = type === 'invite' ? { invited_at: now } : {};
        user = await updateUser(tx, user.id, { confirmation_token: hashed, confirmation_sent_at: now, ...invited });
        await saveOneTimeToken(tx, user.id, 'confirmation_token', hashed, email);
      } else {
        if (type === 'email_change_current' && !s.secureEmailChange) {
          throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
        }
        const newEmail = validateEmail(str(body, 'new_email'));
        if (await emailInUse(tx, newEmail, s.aud, user!.id)) throw emailExists();
        const current = type === 'email_change_current';
        if (!current) stored = tokenHash(a.server.keys, newEmail, otp);
        user = await updateUser(tx, user!.id, {
          email_change: newEmail,
          email_change_sent_at: now,
          email_change_confirm_status: 0,
          ...(current ? { email_change_token_current: stored } : { email_change_token_new: stored }),
        });
        await saveOneTimeToken(tx, user.id, current ? 'email_change_token_current' : 'email_change_token_new', stored, current ? email : newEmail);
      }
      const linkType = type.startsWith('email_change') ? 'email_change' : type;
      return { user, link: verifyLink(a, stored, linkType, referrer) };
    });
    return {
      ...(await loadUserJson(a.server.db, user)),
      action_link: link,
      email_otp: otp,
      hashed_token: hashed,
      verification_type: type,
      redirect_to: referrer,
    };
  });

  /** POST /invite (admin.inviteUserByEmail): creates the user if needed and mails the invite. */
  app.post('/invite', async (req) => {
    const body = bodyOf(req);
    const email = validateEmail(str(body, 'email'));
    const data = obj(body, 'data') ?? {};
    const referrer = referrerOf(a.settings, req);
    const user = await a.server.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email, a.settings.aud, true);
      if (user && isConfirmed(user)) throw emailExists();
      user ??= await newEmailUser(a, tx, email, '', data);
      return sendInvite({ auth: a, tx, user, referrer, pkce: false });
    });
    return loadUserJson(a.server.db, user);
  });
}
