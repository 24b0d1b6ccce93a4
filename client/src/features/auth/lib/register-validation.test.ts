import { describe, expect, it } from 'vitest';
import { validateRegisterField, validateRegistration } from './register-validation';

describe('registration checks', () => {
  it('gives every field its shared-schema message at once', () => {
    expect(
      validateRegistration({ username: 'a!', displayName: 'L', email: 'not-an-email', password: '12345' }),
    ).toEqual({
      username: expect.any(String),
      displayName: 'Display name must be at least 2 characters',
      email: 'Valid email is required',
      password: 'Password must be at least 6 characters',
    });
  });

  it('accepts a complete, valid form', () => {
    expect(
      validateRegistration({
        username: 'luna_moth',
        displayName: 'Luna Moth',
        email: 'luna@example.test',
        password: 'moonlit',
      }),
    ).toEqual({});
  });

  it('says why a username is refused, in the spec words', () => {
    expect(validateRegisterField('username', 'ab')).toBe('Username must be at least 3 characters');
    expect(validateRegisterField('username', 'luna moth')).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect(validateRegisterField('username', 'x'.repeat(21))).toBe('Username must be less than 20 characters');
  });
});
