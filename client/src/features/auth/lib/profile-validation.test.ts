import { describe, expect, it } from 'vitest';
import {
  storyTypeLabel,
  toSetupRequest,
  validateProfile,
  validateProfileField,
  WIZARD_STEPS,
} from './profile-validation';

const valid = { username: 'luna_moth', displayName: 'Luna Moth', bio: '', favoriteStoryType: '' as const };

describe('profile validation (shared schemas, spec section 5 messages)', () => {
  it('accepts a valid profile with an empty bio and no preference', () => {
    expect(validateProfile(valid)).toEqual({});
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['bad name!', 'Username can only contain letters, numbers, and underscores'],
    ['', 'Username must be at least 3 characters'],
  ])('username %j → %s', (username, message) => {
    expect(validateProfileField('username', username)).toBe(message);
  });

  it('allows exactly 3 and exactly 20 username characters', () => {
    expect(validateProfileField('username', 'abc')).toBeUndefined();
    expect(validateProfileField('username', 'a'.repeat(20))).toBeUndefined();
  });

  it.each([
    ['A', 'Display name must be at least 2 characters'],
    ['  A  ', 'Display name must be at least 2 characters'],
    ['x'.repeat(51), 'Display name must be less than 50 characters'],
  ])('display name %j → %s', (displayName, message) => {
    expect(validateProfileField('displayName', displayName)).toBe(message);
  });

  it('limits the bio to 150 characters', () => {
    expect(validateProfileField('bio', 'b'.repeat(150))).toBeUndefined();
    expect(validateProfileField('bio', 'b'.repeat(151))).toBe('Bio must be less than 150 characters');
  });

  it('knows the five story types as favourite types, and nothing else', () => {
    expect(validateProfileField('favoriteStoryType', 'audio')).toBeUndefined();
    expect(validateProfileField('favoriteStoryType', 'video')).toBeUndefined();
    expect(validateProfileField('favoriteStoryType', 'tiktok')).toBeUndefined();
    expect(validateProfileField('favoriteStoryType', '')).toBeUndefined();
    expect(validateProfileField('favoriteStoryType', 'podcast')).toBeTruthy();
    expect(storyTypeLabel('audio')).toBe('Audio Stories');
    expect(storyTypeLabel('text')).toBe('Written Stories');
    expect(storyTypeLabel('image')).toBe('Visual Stories');
    expect(storyTypeLabel('video')).toBe('Video Stories');
    expect(storyTypeLabel('tiktok')).toBe('TikTok Stories');
    expect(storyTypeLabel(null)).toBeUndefined();
  });

  it('validates only the fields asked for (one wizard step at a time)', () => {
    const profile = { ...valid, username: 'x', bio: 'b'.repeat(200) };
    expect(validateProfile(profile, WIZARD_STEPS[0].fields)).toEqual({
      username: 'Username must be at least 3 characters',
    });
    expect(validateProfile(profile, WIZARD_STEPS[1].fields)).toEqual({ bio: 'Bio must be less than 150 characters' });
    expect(WIZARD_STEPS.map((s) => s.title)).toEqual(['Create Your Identity', 'Tell Your Story', 'Choose Your Magic']);
  });

  it('trims what it sends', () => {
    expect(
      toSetupRequest({ username: ' luna ', displayName: ' Luna M ', bio: ' hi ', favoriteStoryType: 'text' }),
    ).toEqual({
      username: 'luna',
      displayName: 'Luna M',
      bio: 'hi',
      favoriteStoryType: 'text',
    });
  });
});
