import type { Queryable } from '../../db/db-types.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../errors.ts';
import { loadUserJson } from '../user-json.ts';
import type { UserRow } from '../user-store.ts';
import { callHook } from './call-hook.ts';
import { hookMetadata } from './hook-metadata.ts';
import { hookReturnedError } from './hook-errors.ts';
import type { HookTarget } from './hook-target.ts';

/**
 * GoTrue's send_sms hook: with it on, Auth texts nothing itself (no gateway is needed) and the
 * hook gets `{ metadata, user, sms: { otp, phone, sms_type? } }` (sms_type "mfa" for a second-
 * factor challenge). A refusal answers with the hook's status and message, except for MFA
 * challenges, where GoTrue answers any failure with 500 "error invoking hook".
 */
export async function callSendSmsHook(
  a: AuthContext,
  tx: Queryable,
  hook: HookTarget,
  user: UserRow,
  sms: { otp: string; phone: string; smsType?: 'mfa' },
): Promise<void> {
  const event = {
    metadata: hookMetadata('send-sms'),
    user: await loadUserJson(tx, user),
    sms: { otp: sms.otp, ...(sms.smsType ? { sms_type: sms.smsType } : {}), phone: sms.phone },
  };
  try {
    const out = await callHook(tx, hook, event);
    const refused = hookReturnedError(out);
    if (refused) throw refused;
  } catch (err) {
    if (sms.smsType === 'mfa' && err instanceof AuthError) throw new AuthError(500, '', 'error invoking hook');
    throw err;
  }
}
