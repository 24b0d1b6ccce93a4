/**
 * Reading the development outbox (DATA_DIR/outbox/*.eml). The end-to-end tests and the API tests use it to
 * fetch the reset code a user was mailed, exactly as a person would read it from the mail.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { outboxDir } from '../mailer';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text body. */
  body: string;
}

/** Every mail in the outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => parseMail(path.join(dir, name), await fs.readFile(path.join(dir, name), 'utf8'))),
  );
}

export function parseMail(file: string, raw: string): OutboxMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const headerText = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  // Unfold continuation lines before reading headers.
  const headers = headerText.replace(/\n[ \t]+/g, ' ').split('\n');
  const header = (name: string) =>
    headers
      .find((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    body: decodeBody(body, header('Content-Transfer-Encoding')),
  };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\n/g, '')
        .split(/(=[0-9A-F]{2})/i)
        .flatMap((part) =>
          /^=[0-9A-F]{2}$/i.test(part) ? [Buffer.from([parseInt(part.slice(1), 16)])] : [Buffer.from(part, 'utf8')],
        );
      return Buffer.concat(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** The code of the newest reset mail sent to `email`, or null when there is none. */
export async function readLatestResetCode(dataDir: string, email: string): Promise<string | null> {
  const wanted = email.trim().toLowerCase();
  const mails = await readOutbox(dataDir);
  for (const mail of mails.reverse()) {
    if (!mail.to.toLowerCase().includes(wanted)) continue;
    const match = /^Reset code: ([A-Z0-9]+)\s*$/m.exec(mail.body);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Waits (polling) until a reset mail to `email` written at or after `since` (ms epoch) holds a code; for
 * end-to-end tests, where the mail is written while the browser moves on.
 */
export async function waitForResetCode(
  dataDir: string,
  email: string,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const wanted = email.trim().toLowerCase();
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter(
      (m) => writtenAt(m.file) >= since && m.to.toLowerCase().includes(wanted),
    );
    const code = mails.length > 0 ? /^Reset code: ([A-Z0-9]+)\s*$/m.exec(mails.at(-1)!.body)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No reset mail to ${email} in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Outbox file names start with the millisecond they were written at. */
function writtenAt(file: string): number {
  return Number(path.basename(file).split('-')[0]) || 0;
}
