import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db-types.ts';
import type { MailSettings } from './mail-settings.ts';
import { startOutboxDrainer } from './outbox-drainer.ts';
import { OUTBOX_CHANNEL, claimDueMail, markFailed, markSent } from './outbox.ts';

const BATCH = 20;
const MAX_ATTEMPTS = 5;
/** Retries and messages another instance left behind are picked up on this beat. */
const POLL_MS = 15_000;

export interface Delivery {
  stop(): Promise<void>;
  /** Sends whatever is due now (tests and shutdown use it). */
  drain(): Promise<void>;
}

/**
 * Delivers queued messages over SMTP. Woken by NOTIFY when any instance queues mail, and by a
 * slow timer for retries; one drain at a time per process.
 */
export async function startSmtpDelivery(db: Db, settings: MailSettings, log: FastifyBaseLogger): Promise<Delivery> {
  const smtp = settings.smtp!;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
  });
  async function drainOnce(): Promise<void> {
    for (;;) {
      const batch = await claimDueMail(db, BATCH);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await transport.sendMail({
            from: mail.from_address,
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          await markSent(db, mail.id);
        } catch (err) {
          log.warn({ err, mailId: mail.id, attempt: mail.attempts }, 'smtp delivery failed');
          await markFailed(db, mail, (err as Error).message, MAX_ATTEMPTS);
        }
      }
    }
  }

  const drainer = await startOutboxDrainer(db, { channel: OUTBOX_CHANNEL, pollMs: POLL_MS, what: 'mail', log, drainOnce });
  return {
    drain: drainer.drain,
    async stop() {
      await drainer.stop();
      transport.close();
    },
  };
}
