/**
 * Trust and safety of stories through the real app (docs/moderation.md, docs/design.md, rule 18): report → automatic
 * hide → queue; dismiss, hide, restore, remove; appeals once, by the author only, within the window, decided by
 * another moderator; what reporters and authors are told; who may act; the audit log. Decisions on accounts:
 * moderation-accounts.api.test.ts; blocks: blocks.api.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_TO_HIDE } from '#common/constants';
import { hiddenNotice, MODERATION_MESSAGES, REPORT_OUTCOME_TEXTS, statementOfReasons } from '#common/moderation';
import { myDecisionsSchema } from '#common/moderation-schemas';
import type { TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { users } from '../../db/schema';
import { moderationCalls, startModerationApp, type ModerationCast } from './test-support/moderation-app';

describe('moderation', () => {
  let t: TestApp;
  let author: TestUser;
  let mod1: TestUser;
  let mod2: TestUser;
  let admin: TestUser;
  let plain: TestUser;
  let cast: ModerationCast;
  beforeAll(async () => {
    cast = await startModerationApp();
    ({ t, author, mod1, mod2, admin, plain } = cast);
  });
  afterAll(async () => t.close());
  const { call, newStory, reporter, report, queue, decide, decideOnUser, notificationsOf, storyAs, hiddenAt } =
    moderationCalls(() => cast);

  it('reports with reasons hide the story automatically at the weighted threshold and put it in the queue, grouped', async () => {
    const id = await newStory('The loud bench');
    const reporters = [await reporter(id, 'R One'), await reporter(id, 'R Two'), await reporter(id, 'R Three')];
    expect((await report(id, reporters[0]!, 'spam', 'Sells watches')).statusCode).toBe(201);
    expect((await report(id, reporters[1]!, 'spam')).statusCode).toBe(201);
    expect(await hiddenAt(id)).toBeNull();
    expect((await report(id, reporters[2]!, 'harassment', 'Names my neighbour')).statusCode).toBe(201);
    expect(await hiddenAt(id)).toBeInstanceOf(Date);

    const item = (await queue()).find((i) => i.story?.id === id)!;
    expect(item.weight).toBe(REPORTS_TO_HIDE);
    expect(item.story).toMatchObject({ title: 'The loud bench', content: 'Words of The loud bench', hidden: true });
    expect(item.reports).toEqual([
      { reason: 'spam', count: 2, notes: ['Sells watches'] },
      { reason: 'harassment', count: 1, notes: ['Names my neighbour'] },
    ]);
    expect(item.author).toMatchObject({ id: author.id, displayName: 'Ada Author' });
    expect(item.history[0]).toMatchObject({ action: 'auto_hide', reason: 'spam', automatic: true, storyId: id });
    // Reporters' identities are not in the queue either.
    expect(JSON.stringify(item)).not.toMatch(/R One|R Two|R Three/);

    // The author: the statement of reasons (automatic), and their story's answer carries the decision.
    const told = (await notificationsOf(author)).filter((n) => n.storyId === id);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain(
      statementOfReasons({
        action: 'auto_hide',
        reason: 'spam',
        automatic: true,
        storyTitle: 'The loud bench',
        suspendDays: null,
      }),
    );
    // No raw id in a text a person reads.
    expect(told[0]!.message).not.toContain(item.history[0]!.id);
    const own = (await storyAs(id, author)).json();
    expect(own.moderation).toMatchObject({
      decisionId: item.history[0]!.id,
      action: 'auto_hide',
      automatic: true,
      reason: 'spam',
    });
    expect(hiddenNotice(own.moderation)).toBe('Hidden after reports: Spam or advertising');
    // Others no longer see it.
    expect((await storyAs(id, plain)).statusCode).toBe(404);

    // Restore: back for everyone, reporters told "No rule broken found", the author told, the queue empty of it.
    const restored = await decide(id, 'restore', mod1, 'other', 'Satire, allowed');
    expect(restored.statusCode).toBe(201);
    expect(restored.json().decision).toMatchObject({ action: 'restore', automatic: false, note: 'Satire, allowed' });
    expect(await hiddenAt(id)).toBeNull();
    expect((await storyAs(id, plain)).statusCode).toBe(200);
    expect((await queue()).some((i) => i.story?.id === id)).toBe(false);
    for (const user of reporters) {
      const outcome = (await notificationsOf(user)).filter((n) => n.type === 'report_outcome');
      expect(outcome).toHaveLength(1);
      expect(outcome[0]!.message).toContain(REPORT_OUTCOME_TEXTS.noRuleBroken);
      expect(outcome[0]!.message).not.toMatch(/R One|R Two|R Three/);
    }
    expect(
      (await notificationsOf(author)).some(
        (n) => n.type === 'moderation_decision' && n.message.includes('was restored'),
      ),
    ).toBe(true);
  });

  it('every moderator call answers 403 to users without the role, 401 signed out; admin calls refuse moderators', async () => {
    const id = await newStory('Guarded');
    for (const user of [plain, author]) {
      for (const res of [
        await call('GET', '/api/moderation/queue', user),
        await decide(id, 'hide', user),
        await decideOnUser(author.id, { action: 'warn', reason: 'spam' }, user),
        await call('POST', `/api/moderation/appeals/${id}/resolve`, user, { outcome: 'reverse' }),
        await call('GET', '/api/moderation/audit', user),
        await call('POST', '/api/admin/roles', user, { username: plain.username, role: 'moderator' }),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await call('GET', '/api/moderation/queue', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/moderation/audit', mod1)).json()).toEqual({
      message: MODERATION_MESSAGES.adminsOnly,
    });
    expect((await call('POST', '/api/admin/roles', mod1, { username: plain.username, role: 'admin' })).statusCode).toBe(
      403,
    );
    expect(await hiddenAt(id)).toBeNull();
  });

  it('bad input gets 400s with the contract’s messages', async () => {
    const id = await newStory('Inputs');
    expect((await decide(id, 'explode')).statusCode).toBe(400);
    expect((await decide(id, 'hide', mod1, 'rude')).json()).toEqual({ message: MODERATION_MESSAGES.reasonRequired });
    expect((await decideOnUser(author.id, { action: 'suspend', reason: 'spam' })).json()).toEqual({
      message: MODERATION_MESSAGES.suspendDays,
    });
    expect((await decideOnUser(author.id, { action: 'suspend', reason: 'spam', days: 31 })).statusCode).toBe(400);
    expect((await decideOnUser(author.id, { action: 'suspend', reason: 'spam', days: 0 })).statusCode).toBe(400);
    expect((await decide('not-a-uuid', 'hide')).statusCode).toBe(404);
  });

  it('hide by a moderator: "Hidden by a moderator", reporters told "Action taken"; the author appeals once, another moderator reverses', async () => {
    const id = await newStory('The crooked sign');
    const r = await reporter(id, 'Solo Reporter');
    expect((await report(id, r, 'hate', 'Slurs in line 2')).statusCode).toBe(201);
    expect((await queue()).find((i) => i.story?.id === id)?.reports).toEqual([
      { reason: 'hate', count: 1, notes: ['Slurs in line 2'] },
    ]);

    const note = 'Please rewrite it without their names and I will restore it.';
    const hidden = await decide(id, 'hide', mod1, 'hate', note);
    expect(hidden.statusCode).toBe(201);
    const decisionId = hidden.json().decision.id as string;
    expect((await storyAs(id, plain)).statusCode).toBe(404);
    const own = (await storyAs(id, author)).json();
    expect(hiddenNotice(own.moderation)).toBe('Hidden by a moderator: Hate speech');
    expect(own.moderation.decisionId).toBe(decisionId);
    // The moderator's note reaches the author: on their story's answer, in the notice, in their decisions.
    expect(own.moderation.note).toBe(note);
    const reporterTold = (await notificationsOf(r)).filter((n) => n.type === 'report_outcome');
    expect(reporterTold.map((n) => n.message)).toEqual([expect.stringContaining(REPORT_OUTCOME_TEXTS.actionTaken)]);
    const authorTold = (await notificationsOf(author)).find(
      (n) => n.type === 'moderation_decision' && n.storyId === id,
    )!;
    expect(authorTold.message).not.toContain(decisionId);
    expect(authorTold.message).toContain(`The moderator’s note: “${note}”`);
    expect(authorTold.message).toContain('Decided by a moderator.');
    expect(authorTold.message).toContain('You can appeal once within 14 days');

    // Appeals: by the author only, at most 1,000 characters, once.
    const appealUrl = `/api/moderation/decisions/${decisionId}/appeal`;
    expect((await call('POST', appealUrl, plain, { text: 'Not mine but unfair' })).statusCode).toBe(404);
    expect((await call('POST', appealUrl, author, { text: 'x'.repeat(1001) })).json()).toEqual({
      message: MODERATION_MESSAGES.appealTooLong,
    });
    expect((await call('POST', appealUrl, author, { text: '  ' })).statusCode).toBe(400);
    const appealed = await call('POST', appealUrl, author, { text: 'It quotes a historical sign.' });
    expect(appealed.statusCode).toBe(201);
    expect((await call('POST', appealUrl, author, { text: 'Again' })).json()).toEqual({
      message: MODERATION_MESSAGES.appealOnce,
    });
    const mine = myDecisionsSchema.parse((await call('GET', '/api/moderation/decisions/mine', author)).json());
    expect(mine.find((d) => d.id === decisionId)).toMatchObject({ appealable: false, appeal: { status: 'open' } });

    // The appeal is in the queue; the moderator who decided may not resolve it.
    const item = (await queue(mod2)).find((i) => i.story?.id === id)!;
    expect(item.appeal).toMatchObject({
      text: 'It quotes a historical sign.',
      decidedByYou: false,
      decision: { id: decisionId },
    });
    const appealId = item.appeal!.id;
    const resolveUrl = `/api/moderation/appeals/${appealId}/resolve`;
    expect((await call('POST', resolveUrl, mod1, { outcome: 'reverse' })).json()).toEqual({
      message: MODERATION_MESSAGES.sameModerator,
    });
    const reversed = await call('POST', resolveUrl, mod2, { outcome: 'reverse', note: 'Historical context' });
    expect(reversed.json()).toEqual({ appealId, status: 'reversed' });
    expect((await call('POST', resolveUrl, mod2, { outcome: 'uphold' })).statusCode).toBe(409);
    expect((await storyAs(id, plain)).statusCode).toBe(200);
    expect(
      (await notificationsOf(author)).some(
        (n) =>
          n.message.includes('was accepted by another moderator') &&
          n.message.endsWith('The moderator’s note: “Historical context”'),
      ),
    ).toBe(true);
    expect((await queue()).some((i) => i.story?.id === id)).toBe(false);
  });

  it('an appeal after 14 days is refused; an upheld appeal keeps the decision', async () => {
    const late = await newStory('Late appeal');
    const decision = (await decide(late, 'hide')).json().decision.id as string;
    await t.database.query(
      sql`UPDATE moderation_decisions SET created_at = now() - interval '15 days' WHERE id = ${decision}`,
    );
    expect(
      (await call('POST', `/api/moderation/decisions/${decision}/appeal`, author, { text: 'Too late?' })).json(),
    ).toEqual({
      message: MODERATION_MESSAGES.appealClosed,
    });

    const kept = await newStory('Upheld');
    const d2 = (await decide(kept, 'hide')).json().decision.id as string;
    expect((await call('POST', `/api/moderation/decisions/${d2}/appeal`, author, { text: 'Please' })).statusCode).toBe(
      201,
    );
    const appealId = (await queue(mod2)).find((i) => i.story?.id === kept)!.appeal!.id;
    expect(
      (await call('POST', `/api/moderation/appeals/${appealId}/resolve`, mod2, { outcome: 'uphold' })).json().status,
    ).toBe('upheld');
    expect(await hiddenAt(kept)).toBeInstanceOf(Date);
    expect((await notificationsOf(author)).some((n) => n.message.includes('the decision stands'))).toBe(true);
  });

  it('dismiss closes the reports ("No rule broken found"); remove deletes the story and its media, the log keeps it', async () => {
    const id = await newStory('Just odd');
    const r = await reporter(id, 'Dismissed Reporter');
    await report(id, r, 'other');
    expect((await decide(id, 'dismiss', mod1, 'other')).statusCode).toBe(201);
    expect((await queue()).some((i) => i.story?.id === id)).toBe(false);
    expect((await notificationsOf(r)).find((n) => n.type === 'report_outcome')!.message).toContain(
      REPORT_OUTCOME_TEXTS.noRuleBroken,
    );

    const gone = await newStory('To be removed');
    await t.app.mediaStore.putBuffer(`stories/${gone}/image.jpg`, Buffer.from('jpeg bytes'));
    const r2 = await reporter(gone, 'Remove Reporter');
    await report(gone, r2, 'illegal');
    const removed = await decide(gone, 'remove', mod1, 'illegal');
    expect(removed.statusCode).toBe(201);
    expect(removed.json().decision).toMatchObject({ action: 'remove', storyTitle: 'To be removed' });
    expect(await hiddenAt(gone)).toBeUndefined();
    const left: string[] = [];
    for await (const object of t.app.mediaStore.list(`stories/${gone}/`)) left.push(object.key);
    expect(left).toEqual([]);
    expect((await notificationsOf(r2)).find((n) => n.type === 'report_outcome')!.message).toContain(
      REPORT_OUTCOME_TEXTS.actionTaken,
    );
    expect(
      (await notificationsOf(author)).some((n) => n.message.includes('“To be removed” was removed permanently')),
    ).toBe(true);

    // The audit log (admins): who, what, why — kept after the story is gone, and not editable.
    const log = await call('GET', '/api/moderation/audit?limit=200', admin);
    expect(log.statusCode).toBe(200);
    const entry = log
      .json()
      .find((e: { storyId: string; event: string }) => e.storyId === gone && e.event === 'remove');
    expect(entry).toMatchObject({ actor: mod1.username, reason: 'illegal' });
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(await refusal(t.database.query(sql`UPDATE moderation_audit_log SET note = 'changed'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.database.query(sql`DELETE FROM moderation_audit_log`))).toMatch(/append-only/);
  });

  it('a moderator cannot act on their own story or account, nor on an admin', async () => {
    const own = await newStory('Mod’s own', mod1);
    expect((await decide(own, 'hide', mod1)).json()).toEqual({ message: MODERATION_MESSAGES.ownStory });
    expect((await decideOnUser(mod1.id, { action: 'warn', reason: 'spam' }, mod1)).statusCode).toBe(403);
    const adminStory = await newStory('Admin’s', admin);
    expect((await decide(adminStory, 'hide', mod1)).json()).toEqual({ message: MODERATION_MESSAGES.onAdmin });
    expect((await decideOnUser(admin.id, { action: 'ban', reason: 'spam' }, mod1)).json()).toEqual({
      message: MODERATION_MESSAGES.onAdmin,
    });
  });

  it('a suspended reporter’s reports do not weigh', async () => {
    const id = await newStory('Weighed');
    const [a, b, c] = [await reporter(id, 'W1'), await reporter(id, 'W2'), await reporter(id, 'W3')];
    await report(id, a);
    await report(id, b);
    await t.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, b.id));
    await report(id, c);
    expect(await hiddenAt(id)).toBeNull();
    expect((await queue()).find((i) => i.story?.id === id)).toMatchObject({
      weight: 2,
      openReports: 3,
      fromNewAccounts: 0,
    });
    // A report from an account under a day old is said to be one, and does not weigh.
    const fresh = await createTestUser(t.database, { displayName: 'W4' });
    await t.app.location.unlocks.record(fresh.id, [id]);
    await report(id, fresh);
    expect((await queue()).find((i) => i.story?.id === id)).toMatchObject({
      weight: 2,
      openReports: 4,
      fromNewAccounts: 1,
    });
  });
});
