import nodemailer from 'nodemailer';
import type { AppDeps } from '../../lib/deps.ts';
import { insertOutboxMessage, markOutboxResult } from './password-reset.repository.ts';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** Extra fields for the log line when no SMTP server is configured (so an operator can hand the link over). */
  logFields?: Record<string, unknown>;
}

/**
 * Every message is stored in `outbox` first. With SMTP_URL set it is then sent in the background (the caller's
 * answer must not depend on whether, or how fast, a mail went out); without it, it is written to the server log
 * at warn level, which is how a self-hosted operator without mail gets the link to the member.
 */
export async function queueMail(deps: AppDeps, mail: OutgoingMail): Promise<void> {
  const id = await insertOutboxMessage(deps.db, { kind: mail.kind, recipient: mail.to, subject: mail.subject, body: mail.text });
  const smtpUrl = deps.config.SMTP_URL;
  if (!smtpUrl) {
    deps.log.warn({ outboxId: id.toString(), kind: mail.kind, to: mail.to, ...mail.logFields }, `SMTP_URL is not set; mail not sent: ${mail.subject}`);
    return;
  }
  void sendNow(deps, { id, smtpUrl, mail });
}

async function sendNow(deps: AppDeps, input: { id: bigint; smtpUrl: string; mail: OutgoingMail }): Promise<void> {
  try {
    const transport = nodemailer.createTransport(input.smtpUrl);
    await transport.sendMail({ from: deps.config.MAIL_FROM, to: input.mail.to, subject: input.mail.subject, text: input.mail.text });
    await markOutboxResult(deps.db, { id: input.id, error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.error({ outboxId: input.id.toString(), err: message }, 'sending mail failed');
    await markOutboxResult(deps.db, { id: input.id, error: message }).catch(() => undefined);
  }
}
