/**
 * Outgoing mail (docs/design.md "mail"). With SMTP_URL every mail goes through that server; without it each mail
 * is written as one `.eml` file under DATA_DIR/outbox/ and logged, so password reset works out of the box.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox': where mails end up. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: { info(obj: object, msg: string): void };
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

let sequence = 0;

/** Names sort in writing order: milliseconds, then a per-process counter, then randomness against clashes. */
function outboxFileName(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}-${String(sequence).padStart(6, '0')}-${crypto.randomBytes(3).toString('hex')}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        // The recipient is personal data: the subject says which mail it was.
        options.log.info({ subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  // streamTransport renders the complete RFC 822 message without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(options.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      // Quoted-printable keeps the file readable by people (and the `Reset code:` line greppable).
      const info = await transport.sendMail({ from: options.from, textEncoding: 'quoted-printable', ...message });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName());
      // Write then rename, so a reader never sees half a mail.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      options.log.info({ subject: message.subject, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
