import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../errors.ts';
import { insertUser, type NewUser, type UserRow } from '../user-store.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';
import { hookReturnedError } from './hook-errors.ts';

/**
 * GoTrue's before_user_created: before a sign-up (email, phone, anonymous, external provider)
 * creates its user, the hook gets `{ metadata, user }`; an `{ error: { http_code, message } }`
 * answer refuses the sign-up with that status and message, anything else lets it through.
 * Then the user is inserted, in the same transaction.
 */
export async function createUser(a: AuthContext, tx: Queryable, u: NewUser): Promise<UserRow> {
  const hook = a.settings.hooks.beforeUserCreated;
  if (!hook) return insertUser(tx, u);
  const id = u.id ?? randomUUID();
  const now = new Date().toISOString();
  const event = {
    metadata: hookMetadata('before-user-created'),
    user: {
      id,
      aud: u.aud,
      role: u.role,
      email: u.email ?? '',
      phone: u.phone ?? '',
      app_metadata: u.appMetadata,
      user_metadata: u.userMetadata,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: u.isAnonymous ?? false,
    },
  };
  const out = await callHook(tx, hook, event);
  const refused = hookReturnedError(out);
  if (refused) throw refused;
  return insertUser(tx, { ...u, id });
}

