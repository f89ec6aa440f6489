import type { NotificationType } from '../config/email-templates-config.ts';
import type { Queryable } from '../db/db-types.ts';
import { enqueueMail, renderNotificationMail, type OutgoingMail } from '../mail/index.ts';
import type { AuthContext } from './auth-context.ts';
import { takeEmailBudget } from './auth-mail.ts';
import type { CodeTarget } from './code-attempts.ts';
import { callSendEmailHook, type EmailHookData } from './hooks/send-email.ts';
import { LOCK_NOTICE_KIND, renderLockNotice } from './lock-notice.ts';
import type { UserRow } from './user-store.ts';

/** What a notice says beyond the user: the address it goes to when not the user's, and what changed. */
export interface NoticeDetails {
  to?: string;
  oldEmail?: string;
  oldPhone?: string;
  provider?: string;
  factorType?: string;
}

let savepoints = 0;

/**
 * Queues one notice to the account's owner: to the send_email hook when it is on, else as
 * mail. As in GoTrue a notice never fails what it reports: a savepoint keeps a failing hook
 * from spoiling the caller's transaction, and the failure is logged.
 */
async function deliverNotice(a: AuthContext, tx: Queryable, user: UserRow, hookData: EmailHookData, mail: () => OutgoingMail): Promise<void> {
  const savepoint = `gather_notice_${++savepoints}`;
  await tx.exec(`savepoint ${savepoint}`);
  try {
    await takeEmailBudget(a);
    const hook = a.settings.hooks.sendEmail;
    if (hook) await callSendEmailHook(a, tx, hook, user, hookData);
    else await enqueueMail(tx, a.mail, mail());
    await tx.exec(`release savepoint ${savepoint}`);
  } catch (err) {
    await tx.exec(`rollback to savepoint ${savepoint}`);
    console.warn(`auth: unable to send the ${hookData.email_action_type}: ${(err as Error).message}`);
  }
}

/**
 * GoTrue's security notices (decision 0238): when `[auth.email.notification.<type>] enabled`,
 * a message to the account's address — or to the send_email hook with
 * `email_action_type: "<type>_notification"`. Counted against the hourly email budget.
 */
export async function sendSecurityNotice(a: AuthContext, tx: Queryable, user: UserRow, type: NotificationType, details: NoticeDetails = {}): Promise<void> {
  const template = a.mail.templates[`${type}_notification`];
  const to = details.to ?? user.email ?? '';
  if (!template?.enabled || to === '') return;
  const hookData: EmailHookData = {
    email_action_type: `${type}_notification`,
    old_email: details.oldEmail,
    old_phone: details.oldPhone,
    provider: details.provider,
    factor_type: details.factorType,
  };
  await deliverNotice(a, tx, user, hookData, () =>
    renderNotificationMail(type, {
      to,
      siteUrl: a.settings.siteUrl,
      email: type === 'identity_unlinked' ? to : user.email ?? '',
      data: user.raw_user_meta_data,
      oldEmail: details.oldEmail,
      phone: user.phone ?? '',
      oldPhone: details.oldPhone,
      provider: details.provider,
      factorType: details.factorType,
    }, template),
  );
}

/**
 * Gather's own notice (decision 0258), always on: wrong guesses locked one of the account's
 * kinds of code. In the user's language; the hook gets `code_attempts_locked_notification`.
 */
export async function sendLockNotice(a: AuthContext, tx: Queryable, user: UserRow, target: CodeTarget): Promise<void> {
  const to = user.email ?? '';
  if (to === '') return;
  const hookData: EmailHookData = { email_action_type: LOCK_NOTICE_KIND, factor_type: target === 'mfa' ? 'mfa' : undefined };
  await deliverNotice(a, tx, user, hookData, () => renderLockNotice(to, target, user.raw_user_meta_data?.locale));
}
