import type { NotificationType } from '../config/email-templates-config.ts';
import type { Queryable } from '../db/db-types.ts';
import { enqueueMail, renderNotificationMail } from '../mail/index.ts';
import type { AuthContext } from './auth-context.ts';
import { takeEmailBudget } from './auth-mail.ts';
import { callSendEmailHook } from './hooks/send-email.ts';
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
 * GoTrue's security notices (decision 0238): when `[auth.email.notification.<type>] enabled`,
 * a message to the account's address — or to the send_email hook with
 * `email_action_type: "<type>_notification"`. As in GoTrue, a notice that cannot be sent is
 * logged and never fails the change it reports; a savepoint keeps a failing pg hook from
 * spoiling the caller's transaction.
 */
export async function sendSecurityNotice(a: AuthContext, tx: Queryable, user: UserRow, type: NotificationType, details: NoticeDetails = {}): Promise<void> {
  const template = a.mail.templates[`${type}_notification`];
  const to = details.to ?? user.email ?? '';
  if (!template?.enabled || to === '') return;
  const savepoint = `gather_notice_${++savepoints}`;
  await tx.exec(`savepoint ${savepoint}`);
  try {
    await takeEmailBudget(a);
    const hook = a.settings.hooks.sendEmail;
    if (hook) {
      await callSendEmailHook(a, tx, hook, user, {
        email_action_type: `${type}_notification`,
        old_email: details.oldEmail,
        old_phone: details.oldPhone,
        provider: details.provider,
        factor_type: details.factorType,
      });
    } else {
      const mail = renderNotificationMail(type, {
        to,
        siteUrl: a.settings.siteUrl,
        email: type === 'identity_unlinked' ? to : user.email ?? '',
        data: user.raw_user_meta_data,
        oldEmail: details.oldEmail,
        phone: user.phone ?? '',
        oldPhone: details.oldPhone,
        provider: details.provider,
        factorType: details.factorType,
      }, template);
      await enqueueMail(tx, a.mail, mail);
    }
    await tx.exec(`release savepoint ${savepoint}`);
  } catch (err) {
    await tx.exec(`rollback to savepoint ${savepoint}`);
    console.warn(`auth: unable to send the ${type} notification: ${(err as Error).message}`);
  }
}
