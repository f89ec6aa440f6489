import type { AuthContext } from './auth-context.ts';
import { badRequest, unprocessable } from './errors.ts';
import { emailIdentityData, findIdentity, insertIdentity, updateIdentityData } from './identity-store.ts';
import { checkPasswordStrength, hashPassword, tooLong, tooLongError } from './passwords.ts';
import { bool, obj, optStr, str, type Body } from './request-body.ts';
import { randomPassword } from './secrets.ts';
import { changePassword, confirmEmail } from './user-lifecycle.ts';
import { emailInUse, findUserByPhone, insertUser, mergeMetadata, updateUser, type UserRow } from './user-store.ts';
import { confirmPhone, validatePhone } from './phone.ts';
import { isUuid, parseGoDuration, validateEmail } from './validation.ts';

/** `ban_duration`: a Go duration ("24h") from now, or "none" to lift a ban. */
function banUntil(body: Body): Date | null | undefined {
  const d = str(body, 'ban_duration');
  if (d === '') return undefined;
  if (d === 'none') return null;
  const ms = parseGoDuration(d);
  if (ms === undefined) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${d}"`);
  return ms === 0 ? null : new Date(Date.now() + ms);
}

/** Imported bcrypt hashes only; they keep working on Supabase too. */
function checkPasswordHash(hash: string): void {
  if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) {
    throw badRequest('validation_failed', 'Invalid password hash format: only bcrypt hashes are supported');
  }
}

/**
 * POST /admin/users (admin.createUser): no strength check (only bcrypt's 72 bytes), a random
 * password when none is given, app_metadata provider/providers merged with the given ones.
 */
export async function adminCreateUser(a: AuthContext, body: Body): Promise<UserRow> {
  const s = a.settings;
  const aud = str(body, 'aud') || s.aud;
  let email = str(body, 'email');
  let phone = str(body, 'phone');
  const password = optStr(body, 'password');
  const passwordHash = str(body, 'password_hash');
  if (email === '' && phone === '') {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (email !== '') {
    email = validateEmail(email);
    if (await emailInUse(a.server.db, email, aud)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }
  if (phone !== '') {
    phone = validatePhone(phone);
    if (await findUserByPhone(a.server.db, phone, aud)) throw unprocessable('phone_exists', 'Phone number already registered by another user');
  }
  if (password !== undefined && passwordHash !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (password && tooLong(password)) throw tooLongError();
  if (passwordHash) checkPasswordHash(passwordHash);
  const id = str(body, 'id');
  if (id !== '' && !isUuid(id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  if (id === '00000000-0000-0000-0000-000000000000') throw badRequest('validation_failed', 'ID cannot be a nil uuid');
  const ban = banUntil(body);
  const hash = passwordHash || (await hashPassword(password || randomPassword()));
  const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])];

  return a.server.db.transaction(async (tx) => {
    let user = await insertUser(tx, {
      id: id || undefined,
      aud,
      role: str(body, 'role') || s.defaultRole,
      email: email || null,
      phone: phone || null,
      encryptedPassword: hash,
      appMetadata: mergeMetadata({ provider: providers[0], providers }, obj(body, 'app_metadata') ?? {}),
      userMetadata: obj(body, 'user_metadata') ?? {},
    });
    if (email) await insertIdentity(tx, user.id, 'email', emailIdentityData(user.id, email));
    if (phone) await insertIdentity(tx, user.id, 'phone', { sub: user.id, phone, email_verified: false, phone_verified: false });
    if (email && bool(body, 'email_confirm', false)) user = await confirmEmail(tx, user);
    if (phone && bool(body, 'phone_confirm', false)) user = await confirmPhone(tx, user);
    if (ban !== undefined) user = await updateUser(tx, user.id, { banned_until: ban });
    return user;
  });
}

/**
 * PUT /admin/users/:id (admin.updateUserById): attributes set directly, metadata merged, a new
 * password strength-checked and signing out every session, `ban_duration` applied.
 */
export async function adminUpdateUser(a: AuthContext, target: UserRow, body: Body): Promise<UserRow> {
  const s = a.settings;
  let email = str(body, 'email');
  if (email !== '') email = validateEmail(email);
  let phone = str(body, 'phone');
  if (phone !== '') {
    phone = validatePhone(phone);
    if (phone !== target.phone && (await findUserByPhone(a.server.db, phone, target.aud ?? s.aud))) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    }
  }
  if (email !== '' && email !== target.email && (await emailInUse(a.server.db, email, target.aud ?? s.aud, target.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const password = optStr(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, s);
  const ban = banUntil(body);
  const emailConfirm = bool(body, 'email_confirm', false);
  const hash = password !== undefined ? await hashPassword(password) : undefined;
  const appMetadata = obj(body, 'app_metadata');
  const userMetadata = obj(body, 'user_metadata');

  return a.server.db.transaction(async (tx) => {
    let user = target;
    const role = str(body, 'role');
    if (role !== '') user = await updateUser(tx, user.id, { role });
    if (emailConfirm) user = await confirmEmail(tx, user);
    if (hash !== undefined) user = await changePassword(tx, user, hash);
    if (email !== '') {
      const identity = await findIdentity(tx, user.id, 'email');
      if (identity) await updateIdentityData(tx, identity, { email, email_verified: emailConfirm });
      else await insertIdentity(tx, user.id, 'email', emailIdentityData(user.id, email, emailConfirm));
      user = await updateUser(tx, user.id, { email, ...(user.is_anonymous && emailConfirm ? { is_anonymous: false } : {}) });
    }
    if (phone !== '') {
      const identity = await findIdentity(tx, user.id, 'phone');
      if (identity) await updateIdentityData(tx, identity, { phone });
      else await insertIdentity(tx, user.id, 'phone', { sub: user.id, phone, email_verified: false, phone_verified: false });
      user = await updateUser(tx, user.id, { phone });
    }
    if (bool(body, 'phone_confirm', false) && user.phone) user = await confirmPhone(tx, user);
    if (appMetadata) user = await updateUser(tx, user.id, { raw_app_meta_data: mergeMetadata(user.raw_app_meta_data, appMetadata) });
    if (userMetadata) user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, userMetadata) });
    if (ban !== undefined) user = await updateUser(tx, user.id, { banned_until: ban });
    return user;
  });
}
