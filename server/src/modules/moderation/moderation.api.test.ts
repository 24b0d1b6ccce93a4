/**
 * Trust and safety through the real app (docs/moderation.md, docs/design.md, rule 18): every transition — report → automatic
 * hide → queue; dismiss, hide, restore, remove; warn, suspend (its effects from the next request, and its end),
 * ban; appeals once, by the author only, within the window, decided by another moderator; what reporters and
 * authors are told; roles and the audit log; blocks in every read path.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER, REPORTS_TO_HIDE } from '#common/constants';
import { hiddenNotice, MODERATION_MESSAGES, REPORT_OUTCOME_TEXTS, statementOfReasons } from '#common/moderation';
import { myDecisionsSchema, queueSchema, type QueueItem } from '#common/moderation-schemas';
import { notificationListSchema } from '#common/notification-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { notifications, stories, users } from '../../db/schema';
import { insertStory } from '../stories/test-support/story-fixtures';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

describe('moderation', () => {
  let t: TestApp;
  let author: TestUser;
  let mod1: TestUser;
  let mod2: TestUser;
  let admin: TestUser;
  let plain: TestUser;

  const makeRole = async (user: TestUser, role: 'moderator' | 'admin') =>
    t.database.db.update(users).set({ role }).where(eq(users.id, user.id));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Ada Author', createdAt: hoursAgo(100) });
    mod1 = await createTestUser(t.database, { displayName: 'Mo One' });
    mod2 = await createTestUser(t.database, { displayName: 'Mo Two' });
    admin = await createTestUser(t.database, { displayName: 'Al Admin' });
    plain = await createTestUser(t.database, { displayName: 'Pat Plain', createdAt: hoursAgo(100) });
    await makeRole(mod1, 'moderator');
    await makeRole(mod2, 'moderator');
    await makeRole(admin, 'admin');
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const newStory = async (title: string, by: TestUser = author) =>
    (await insertStory(t.database, { authorId: by.id, ...DEFAULT_CENTER, title, content: `Words of ${title}` })).id;
  /** A reader a day and more old who has unlocked the story: their report weighs. */
  const reporter = async (storyId: string, name: string) => {
    const user = await createTestUser(t.database, { createdAt: hoursAgo(48), displayName: name });
    await t.app.location.unlocks.record(user.id, [storyId]);
    return user;
  };
  const report = (storyId: string, user: TestUser, reason = 'spam', note?: string) =>
    call('POST', `/api/stories/${storyId}/report`, user, { reason, ...(note ? { note } : {}) });
  const queue = async (user: TestUser = mod1): Promise<QueueItem[]> => {
    const res = await call('GET', '/api/moderation/queue', user);
    expect(res.statusCode).toBe(200);
    return queueSchema.parse(res.json());
  };
  const decide = (storyId: string, action: string, user: TestUser = mod1, reason = 'spam', note?: string) =>
    call('POST', `/api/moderation/stories/${storyId}/decisions`, user, { action, reason, ...(note ? { note } : {}) });
  const decideOnUser = (userId: string, body: object, user: TestUser = mod1) =>
    call('POST', `/api/moderation/users/${userId}/decisions`, user, body);
  const notificationsOf = async (user: TestUser) => {
    const res = await call('GET', '/api/notifications?limit=100', user);
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };
  const storyAs = (id: string, user: TestUser | null) => call('GET', `/api/stories/${id}?${at}`, user);
  const hiddenAt = async (id: string) =>
    (await t.database.db.select().from(stories).where(eq(stories.id, id)))[0]?.hiddenAt;

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

  it('warn tells the author; suspend stops publishing, liking and reporting from the next request, reading goes on, and ends', async () => {
    const subject = await createTestUser(t.database, { createdAt: hoursAgo(100), displayName: 'Sam Subject' });
    const warned = await decideOnUser(subject.id, { action: 'warn', reason: 'spam', note: 'First warning' });
    expect(warned.statusCode).toBe(201);
    expect(
      (await notificationsOf(subject)).some(
        (n) =>
          n.type === 'moderation_decision' &&
          n.message.startsWith('You received a warning. Reason: Spam or advertising.'),
      ),
    ).toBe(true);

    const target = await newStory('Likeable');
    await t.app.location.unlocks.record(subject.id, [target]);
    // The session is resolved (and cached) before the suspension.
    expect((await storyAs(target, subject)).statusCode).toBe(200);
    const suspended = await decideOnUser(subject.id, { action: 'suspend', reason: 'harassment', days: 3 });
    expect(suspended.json().decision).toMatchObject({ action: 'suspend', suspendDays: 3 });
    expect((await call('POST', `/api/stories/${target}/like`, subject)).json()).toEqual({
      message: MODERATION_MESSAGES.suspended,
    });
    expect((await report(target, subject)).statusCode).toBe(403);
    const refused = await postStory(t.app, subject.cookie, baseStoryFields({ title: 'Posted while suspended' }));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.suspended },
    });
    expect((await storyAs(target, subject)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`, subject))
        .statusCode,
    ).toBe(200);
    expect(
      (await notificationsOf(subject)).some((n) => n.message.startsWith('Your account was suspended for 3 days')),
    ).toBe(true);

    // Its end: from then on the user may like again.
    await t.database.db
      .update(users)
      .set({ suspendedUntil: hoursAgo(1) })
      .where(eq(users.id, subject.id));
    expect((await call('POST', `/api/stories/${target}/like`, subject)).statusCode).toBe(200);
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

  it('ban hides the author’s stories and stops contributing; reversing it on appeal brings them back', async () => {
    const banned = await createTestUser(t.database, { createdAt: hoursAgo(100), displayName: 'Bo Banned' });
    const s1 = await newStory('Banned one', banned);
    const res = await decideOnUser(banned.id, { action: 'ban', reason: 'hate' });
    expect(res.statusCode).toBe(201);
    const decisionId = res.json().decision.id as string;
    expect((await storyAs(s1, plain)).statusCode).toBe(404);
    const refused = await postStory(t.app, banned.cookie, baseStoryFields({ title: 'Posted while banned' }));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.banned },
    });
    expect(
      (await call('POST', `/api/moderation/decisions/${decisionId}/appeal`, banned, { text: 'Wrong person' }))
        .statusCode,
    ).toBe(201);
    const item = (await queue(mod2)).find((i) => i.appeal?.decision.id === decisionId)!;
    expect(item.story).toBeNull();
    expect(
      (await call('POST', `/api/moderation/appeals/${item.appeal!.id}/resolve`, mod2, { outcome: 'reverse' }))
        .statusCode,
    ).toBe(200);
    expect((await storyAs(s1, plain)).statusCode).toBe(200);
    // No longer banned: the same form publishes.
    const published = await postStory(t.app, banned.cookie, baseStoryFields({ title: 'Posted after the appeal' }));
    expect(published.statusCode, published.body).toBe(201);
  });

  it('admins change roles in the app; a new moderator reaches the queue from the next request', async () => {
    const helper = await createTestUser(t.database);
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(403);
    const res = await call('POST', '/api/admin/roles', admin, {
      username: helper.username.toUpperCase(),
      role: 'moderator',
    });
    expect(res.json()).toEqual({ username: helper.username, role: 'moderator' });
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(200);
    await call('POST', '/api/admin/roles', admin, { username: helper.username, role: 'user' });
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/roles', admin, { username: 'nobody_here', role: 'user' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/roles', admin, { username: admin.username, role: 'user' })).json()).toEqual({
      message: MODERATION_MESSAGES.lastAdmin,
    });
  });

  describe('blocking', () => {
    it('a blocked author’s stories vanish for the reader in every read, notifications included, and come back on unblock', async () => {
      const pest = await createTestUser(t.database, { displayName: 'Pete Pest' });
      const reader = await createTestUser(t.database, { displayName: 'Rae Reader' });
      const id = await newStory('Pest story', pest);
      await t.database.db.insert(notifications).values({
        userId: reader.id,
        type: 'story_unlocked',
        title: 'Story unlocked',
        message: 'Pest story',
        storyId: id,
      });
      await t.app.storyIndex?.settled();
      const reads = async () => {
        const ids = (res: { json(): unknown }) => JSON.stringify(res.json());
        return {
          one: (await storyAs(id, reader)).statusCode,
          discoverable: ids(
            await call(
              'GET',
              `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`,
              reader,
            ),
          ).includes(id),
          map: ids(
            await call(
              'GET',
              `/api/stories/map/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}?view=full`,
              reader,
            ),
          ).includes(id),
          all: ids(await call('GET', '/api/stories/all?limit=500', reader)).includes(id),
          notified: (await notificationsOf(reader)).some((n) => n.storyId === id),
        };
      };
      expect(await reads()).toEqual({ one: 200, discoverable: true, map: true, all: true, notified: true });

      expect((await call('PUT', `/api/blocks/${pest.id}`, reader)).json()).toEqual({ blocked: true });
      expect(await reads()).toEqual({ one: 404, discoverable: false, map: false, all: false, notified: false });
      const list = await call('GET', '/api/blocks', reader);
      expect(list.json()).toEqual([expect.objectContaining({ userId: pest.id, displayName: 'Pete Pest' })]);
      // Private: the author is told nothing, and others still see the story.
      expect(await notificationsOf(pest)).toEqual([]);
      expect((await storyAs(id, plain)).statusCode).toBe(200);

      expect((await call('DELETE', `/api/blocks/${pest.id}`, reader)).json()).toEqual({ blocked: false });
      expect(await reads()).toEqual({ one: 200, discoverable: true, map: true, all: true, notified: true });
      expect((await call('PUT', `/api/blocks/${reader.id}`, reader)).json()).toEqual({
        message: MODERATION_MESSAGES.blockSelf,
      });
      expect((await call('PUT', '/api/blocks/00000000-0000-4000-8000-000000000000', reader)).statusCode).toBe(404);
    });
  });
});
