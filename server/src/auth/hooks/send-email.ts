import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { loadUserJson } from '../user-json.ts';
import type { UserRow } from '../user-store.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';
import { hookReturnedError } from './hook-errors.ts';
import type { HookTarget } from './hook-target.ts';

/** GoTrue's email action types: what `email_data.email_action_type` says a message is for. */
export type EmailActionType =
  | 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication'
  | 'password_changed_notification' | 'email_changed_notification' | 'phone_changed_notification'
  | 'identity_linked_notification' | 'identity_unlinked_notification'
  | 'mfa_factor_enrolled_notification' | 'mfa_factor_unenrolled_notification'
  // Gather's own (decision 0258): wrong guesses locked one of the account's kinds of code.
  | 'code_attempts_locked_notification';

/** GoTrue's mailer.EmailData; every key is always sent, "" when it does not apply. */
export interface EmailHookData {
  email_action_type: EmailActionType;
  token?: string;
  token_hash?: string;
  redirect_to?: string;
  token_new?: string;
  token_hash_new?: string;
  old_email?: string;
  old_phone?: string;
  provider?: string;
  factor_type?: string;
}

/**
 * GoTrue's send_email hook: with it on, Auth sends no mail itself and the hook gets
 * `{ metadata, user, email_data }` inside the request's transaction. `site_url` is the API's
 * external URL (GoTrue's API_EXTERNAL_URL, which hooks build `/auth/v1/verify` links on).
 * An `{ error: { http_code, message } }` answer fails the request with that status and message.
 */
export async function callSendEmailHook(a: AuthContext, tx: Queryable, hook: HookTarget, user: UserRow, d: EmailHookData): Promise<void> {
  const event = {
    metadata: hookMetadata('send-email'),
    user: await loadUserJson(tx, user),
    email_data: {
      token: d.token ?? '',
      token_hash: d.token_hash ?? '',
      redirect_to: d.redirect_to ?? '',
      email_action_type: d.email_action_type,
      site_url: a.authUrl().replace(/\/auth\/v1$/, ''),
      token_new: d.token_new ?? '',
      token_hash_new: d.token_hash_new ?? '',
      old_email: d.old_email ?? '',
      old_phone: d.old_phone ?? '',
      provider: d.provider ?? '',
      factor_type: d.factor_type ?? '',
    },
  };
  const out = await callHook(tx, hook, event);
  const refused = hookReturnedError(out);
  if (refused) throw refused;
}
