import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../../lib/deps.ts';
import { REDACTED } from '../../lib/log-redaction.ts';
import { insertOutboxMessage, markOutboxResult } from './password-reset.repository.ts';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** Values in `text` that must never be stored or logged (a reset token): `outbox` keeps the text without them. */
  secrets?: readonly string[];
}

/** The text with every secret replaced by `[redacted]`: what `outbox` stores and what a log may show. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

/** Where development servers without SMTP drop unsent mail: one file per message, readable by this user only. */
export function mailDropDir(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'mail-drop');
}

/**
 * Every message is recorded in `outbox` without its secrets (a reset link is stored with `token=[redacted]`, so the
 * table never holds a usable link; decision 020). With SMTP_URL set the full message is then sent in the background
 * (the caller's answer must not depend on whether, or how fast, a mail went out). Without it, outside production the
 * full message is written to `<DATA_DIR>/mail-drop/<outbox id>.txt` for the developer; in production it is not sent,
 * and the log says so without the link.
 */
export async function queueMail(deps: AppDeps, mail: OutgoingMail): Promise<void> {
  const body = redactSecrets(mail.text, mail.secrets);
  const id = await insertOutboxMessage(deps.db, { kind: mail.kind, recipient: mail.to, subject: mail.subject, body });
  const smtpUrl = deps.config.SMTP_URL;
  if (smtpUrl) {
    void sendNow(deps, { id, smtpUrl, mail });
    return;
  }
  const fields = { outboxId: id.toString(), kind: mail.kind, to: mail.to };
  if (deps.config.NODE_ENV === 'production') {
    deps.log.error(fields, `SMTP_URL is not set; mail not sent: ${mail.subject}`);
    await markOutboxResult(deps.db, { id, error: 'SMTP_URL is not set', at: deps.clock.now() });
    return;
  }
  const file = path.join(mailDropDir(deps), `${id}.txt`);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
  deps.log.warn({ ...fields, file }, `SMTP_URL is not set; mail not sent but written to the mail-drop folder: ${mail.subject}`);
}

async function sendNow(deps: AppDeps, input: { id: bigint; smtpUrl: string; mail: OutgoingMail }): Promise<void> {
  try {
    const transport = nodemailer.createTransport(input.smtpUrl);
    await transport.sendMail({
      from: deps.config.MAIL_FROM,
      to: input.mail.to,
      subject: input.mail.subject,
      text: input.mail.text,
    });
    await markOutboxResult(deps.db, { id: input.id, error: null, at: deps.clock.now() });
  } catch (error) {
    const message = redactSecrets(error instanceof Error ? error.message : String(error), input.mail.secrets);
    deps.log.error({ outboxId: input.id.toString(), err: message }, 'sending mail failed');
    await markOutboxResult(deps.db, { id: input.id, error: message, at: deps.clock.now() }).catch(() => undefined);
  }
}
