/**
 * A signed-out browser is a reader of its own (docs/design.md, rule 15, docs/decisions/014-phone-round-2.md): strangers behind one
 * address never share a travel lock or an unlock budget; a request without the reader cookie shares its
 * address's state, so dropping the cookie does not escape the travel rule; new readers per address are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetEast, type Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';
import { READER_COOKIE } from './reader-cookies';

const BASE = { latitude: 41.0, longitude: -90.0 };
const ATLANTA = { latitude: 33.749, longitude: -84.388 };

describe('signed-out reader cookies', () => {
  let t: TestApp;
  let author: TestUser;
  const clock = { now: Date.UTC(2026, 10, 24, 12) };
  let n = 0;
  const fresh = () => {
    n++;
    return { ip: `203.0.113.${n}`, area: offsetEast(BASE, 20_000 * n) };
  };

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_DISABLED: 'true', UNLOCK_BUDGET_VISITOR: '2', LIMIT_NEW_READERS_PER_ADDRESS: '3/1h' },
      { location: { now: () => clock.now } },
    );
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
  });
  afterAll(async () => t.close());

  /** A browser's first request: the reader cookie it is given (its `name=value` pair), or null. */
  const newReader = async (ip: string): Promise<string | null> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: ip });
    const cookie = res.cookies.find((c) => c.name === READER_COOKIE);
    if (!cookie) return null;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return `${cookie.name}=${cookie.value}`;
  };
  const discover = async (at: Point, ip: string, cookie?: string | null) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/discoverable/${at.latitude}/${at.longitude}`,
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<Story[]>();
  };

  it('two browsers behind one address: a share link opened from Atlanta locks neither', async () => {
    const { ip, area } = fresh();
    const here = await insertStory(t.database, { authorId: author.id, ...area });
    const atlanta = await insertStory(t.database, { authorId: author.id, ...ATLANTA });
    const savannahReader = await newReader(ip);
    const atlantaReader = await newReader(ip);
    expect(savannahReader).not.toBeNull();
    expect(atlantaReader).not.toEqual(savannahReader);

    expect((await discover(area, ip, savannahReader)).find((s) => s.id === here.id)).toMatchObject({ isLocked: false });
    clock.now += 1_000;
    expect((await discover(ATLANTA, ip, atlantaReader)).find((s) => s.id === atlanta.id)).toMatchObject({
      isLocked: false,
    });
    clock.now += 1_000;
    // Both still read where they are, at 0 m.
    expect((await discover(area, ip, savannahReader)).find((s) => s.id === here.id)).toMatchObject({ isLocked: false });
    expect((await discover(ATLANTA, ip, atlantaReader)).find((s) => s.id === atlanta.id)).toMatchObject({
      isLocked: false,
    });
  });

  it('dropping the cookie does not escape the travel rule, nor does taking a new one', async () => {
    const { ip, area } = fresh();
    await insertStory(t.database, { authorId: author.id, ...area });
    const atlanta = await insertStory(t.database, { authorId: author.id, ...ATLANTA });
    const reader = await newReader(ip);
    expect((await discover(area, ip, reader))[0]).toMatchObject({ isLocked: false });
    clock.now += 1_000;
    // Without its cookie the jump is judged against the address, which knows the reader's last position.
    expect((await discover(ATLANTA, ip)).find((s) => s.id === atlanta.id)).toMatchObject({
      isLocked: true,
      lockReason: 'travel',
    });

    // With its cookie, the same jump is refused, and a new cookie starts with that refusal.
    const other = fresh();
    await insertStory(t.database, { authorId: author.id, ...other.area });
    const cheater = await newReader(other.ip);
    expect((await discover(other.area, other.ip, cheater))[0]).toMatchObject({ isLocked: false });
    clock.now += 1_000;
    expect((await discover(ATLANTA, other.ip, cheater)).find((s) => s.id === atlanta.id)).toMatchObject({
      lockReason: 'travel',
    });
    expect((await discover(ATLANTA, other.ip)).find((s) => s.id === atlanta.id)).toMatchObject({
      lockReason: 'travel',
    });
    const reborn = await newReader(other.ip);
    expect((await discover(ATLANTA, other.ip, reborn)).find((s) => s.id === atlanta.id)).toMatchObject({
      lockReason: 'travel',
    });
  });

  it('each browser has its own unlock budget; without a cookie the address has one', async () => {
    const { ip, area } = fresh();
    for (let i = 0; i < 3; i++) await insertStory(t.database, { authorId: author.id, ...offsetEast(area, i * 10) });
    const first = await newReader(ip);
    const second = await newReader(ip);
    const unlocked = (stories: Story[]) => stories.filter((s) => !s.isLocked).length;
    expect(unlocked(await discover(area, ip, first))).toBe(2);
    expect(unlocked(await discover(area, ip, second))).toBe(2);
    expect(unlocked(await discover(area, ip))).toBe(2);
    expect((await discover(area, ip, first)).find((s) => s.isLocked)).toMatchObject({ lockReason: 'budget' });
  });

  it('an address starts at most LIMIT_NEW_READERS_PER_ADDRESS readers; forged cookies count as none', async () => {
    const { ip } = fresh();
    const given = [await newReader(ip), await newReader(ip), await newReader(ip), await newReader(ip)];
    expect(given.slice(0, 3).every((c) => c !== null)).toBe(true);
    expect(given[3]).toBeNull();

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      remoteAddress: fresh().ip,
      headers: { cookie: `${READER_COOKIE}=abc.def` },
    });
    // A forged cookie is replaced by a real one.
    expect(forged.cookies.find((c) => c.name === READER_COOKIE)?.value).not.toBe('abc.def');
    // A signed-in browser is its account, not a reader cookie.
    const user = await createTestUser(t.database);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: user.cookie } });
    expect(signedIn.cookies.find((c) => c.name === READER_COOKIE)).toBeUndefined();
  });
});
