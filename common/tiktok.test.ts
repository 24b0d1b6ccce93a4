import { describe, expect, it } from 'vitest';
import { isValidTikTokUrl, parseTikTokUrl } from './tiktok';

const ID = '7234567890123456789';

describe('parseTikTokUrl', () => {
  it.each(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com'])('reads the id of @user/video/{id} on %s', (host) => {
    expect(parseTikTokUrl(`https://${host}/@some.user/video/${ID}`)).toEqual({
      url: `https://${host}/@some.user/video/${ID}`,
      videoId: ID,
    });
  });

  it('drops query and fragment, keeps the id', () => {
    expect(parseTikTokUrl(`https://www.tiktok.com/@user/video/${ID}?is_from_webapp=1&lang=en#x`)).toEqual({
      url: `https://www.tiktok.com/@user/video/${ID}`,
      videoId: ID,
    });
  });

  it('accepts a trailing slash, http and a missing scheme', () => {
    expect(parseTikTokUrl(`https://www.tiktok.com/@user/video/${ID}/`)?.videoId).toBe(ID);
    expect(parseTikTokUrl(`http://www.tiktok.com/@user/video/${ID}`)?.url).toBe(
      `https://www.tiktok.com/@user/video/${ID}`,
    );
    expect(parseTikTokUrl(`  www.tiktok.com/@user/video/${ID}  `)?.videoId).toBe(ID);
  });

  it('reads the vm.tiktok.com short link', () => {
    expect(parseTikTokUrl('https://vm.tiktok.com/ZMeAbC123/')).toEqual({
      url: 'https://vm.tiktok.com/ZMeAbC123/',
      videoId: 'ZMeAbC123',
    });
  });

  it('reads the /t/ short link', () => {
    expect(parseTikTokUrl('https://www.tiktok.com/t/ZTRabc987/')).toEqual({
      url: 'https://www.tiktok.com/t/ZTRabc987/',
      videoId: 'ZTRabc987',
    });
  });

  it('accepts a bare 19-digit id and gives it a canonical address that parses again', () => {
    const parsed = parseTikTokUrl(ID);
    expect(parsed?.videoId).toBe(ID);
    expect(parseTikTokUrl(parsed!.url)?.videoId).toBe(ID);
  });

  it.each([
    '',
    '   ',
    'not a url',
    '123456789012345678', // 18 digits
    '12345678901234567890', // 20 digits
    `https://evil.com/@user/video/${ID}`,
    `https://tiktok.com.evil.com/@user/video/${ID}`,
    `https://eviltiktok.com/@user/video/${ID}`,
    `https://vt.tiktok.com/ZMeAbC123/`,
    `ftp://www.tiktok.com/@user/video/${ID}`,
    `javascript:alert(1)`,
    `https://user:pw@www.tiktok.com/@user/video/${ID}`,
    `https://www.tiktok.com:8443/@user/video/${ID}`,
    'https://www.tiktok.com/@user/video/abc',
    'https://www.tiktok.com/@user/video/123',
    'https://www.tiktok.com/@user',
    `https://www.tiktok.com/user/video/${ID}`,
    'https://www.tiktok.com/t/',
    'https://vm.tiktok.com/',
    'https://vm.tiktok.com/a/b/',
    'https://www.tiktok.com/',
  ])('refuses %j', (input) => {
    expect(parseTikTokUrl(input)).toBeNull();
    expect(isValidTikTokUrl(input)).toBe(false);
  });

  it('handles null and undefined', () => {
    expect(parseTikTokUrl(null)).toBeNull();
    expect(parseTikTokUrl(undefined)).toBeNull();
  });
});
