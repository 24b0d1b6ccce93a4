import { expect, it } from 'vitest';
import { MESSAGES } from '#common/schemas';
import { AUTH_TEXTS } from './auth-texts';

it('the /auth copies of spec texts match the shared MESSAGES', () => {
  for (const [key, text] of Object.entries(AUTH_TEXTS)) {
    expect(text).toBe(MESSAGES[key as keyof typeof AUTH_TEXTS]);
  }
});
