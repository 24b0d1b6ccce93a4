import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, outboxDir } from './mailer';
import { parseMail, readLatestResetCode, readOutbox, waitForResetCode } from './test-support/outbox';

describe('outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  const logged: object[] = [];
  const log = { info: (obj: object) => void logged.push(obj) };

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'whispers-mail-'));
    logged.length = 0;
  });
  afterEach(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('writes every mail as one .eml file under DATA_DIR/outbox and logs it', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Whispers <no-reply@whispers.local>', dataDir, log });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'First' });
    await mailer.send({ to: 'bob@example.test', subject: 'Hi', text: 'Second' });
    const files = await fs.readdir(outboxDir(dataDir));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
    expect(logged).toHaveLength(2);
    // Logged by subject and file, never by recipient (docs/security.md, "Threat model": no emails in logs).
    expect(logged[0]).toMatchObject({ subject: 'Hello' });
    expect(JSON.stringify(logged)).not.toContain('example.test');

    const mails = await readOutbox(dataDir);
    expect(mails.map((m) => [m.to, m.subject, m.body.trim()])).toEqual([
      ['ada@example.test', 'Hello', 'First'],
      ['bob@example.test', 'Hi', 'Second'],
    ]);
    mailer.close();
  });

  it('finds the newest reset code for an address, even in long and non-ASCII mails', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'w@x.test', dataDir, log });
    const long = `Héllo Zoë, ${'a very long line '.repeat(12)}`;
    await mailer.send({ to: 'Ada@Example.test', subject: 'Reset', text: `${long}\n\nReset code: AAAABBBBCC\n` });
    await mailer.send({ to: 'other@example.test', subject: 'Reset', text: 'Reset code: ZZZZZZZZZZ' });
    await mailer.send({ to: 'ada@example.test', subject: 'Reset', text: `${long}\nReset code: DDDDEEEEFF\nbye` });
    expect(await readLatestResetCode(dataDir, 'ada@example.test')).toBe('DDDDEEEEFF');
    expect(await readLatestResetCode(dataDir, 'other@example.test')).toBe('ZZZZZZZZZZ');
    expect(await readLatestResetCode(dataDir, 'nobody@example.test')).toBeNull();
    const body = (await readOutbox(dataDir))[0]!.body;
    expect(body).toContain(long);
  });

  it('waitForResetCode waits for a mail written after `since`', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'w@x.test', dataDir, log });
    await mailer.send({ to: 'ada@example.test', subject: 'Reset', text: 'Reset code: OLDOLDOLD2' });
    const since = Date.now() + 1;
    const waiting = waitForResetCode(dataDir, 'ada@example.test', { since, timeoutMs: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await mailer.send({ to: 'ada@example.test', subject: 'Reset', text: 'Reset code: NEWNEWNEW2' });
    expect(await waiting).toBe('NEWNEWNEW2');
    await expect(waitForResetCode(dataDir, 'bob@example.test', { timeoutMs: 200 })).rejects.toThrow(/No reset mail/);
  });

  it('an empty or missing outbox reads as no mail', async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
    expect(await readLatestResetCode(dataDir, 'a@b.test')).toBeNull();
  });
});

describe('parseMail', () => {
  it('unfolds headers and decodes base64 and quoted-printable bodies', () => {
    const b64 = parseMail(
      'x',
      `To: a@b.test\nSubject: Hi\nContent-Transfer-Encoding: base64\n\n${Buffer.from('Reset code: ABCDEFGHJK').toString('base64')}\n`,
    );
    expect(b64.body).toBe('Reset code: ABCDEFGHJK');
    const qp = parseMail(
      'y',
      'To: "Ada"\n <a@b.test>\nContent-Transfer-Encoding: quoted-printable\n\nZo=C3=AB sa=\nys hi\n',
    );
    expect(qp.to).toBe('"Ada" <a@b.test>');
    expect(qp.body).toBe('Zoë says hi\n');
  });
});
