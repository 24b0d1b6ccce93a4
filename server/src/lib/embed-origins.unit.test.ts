/** EMBED_ORIGINS (docs/decisions/055-qr-posters-and-embeds.md): origins or `*` only, so no value can add a CSP directive. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const problemsOf = (value: string) => {
  try {
    loadConfig({ EMBED_ORIGINS: value });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('EMBED_ORIGINS', () => {
  it('is empty by default: the cards frame on Whispers itself only', () => {
    expect(loadConfig({}).embedOrigins).toEqual([]);
    expect(loadConfig({ EMBED_ORIGINS: '' }).embedOrigins).toEqual([]);
  });

  it('takes origins (a subdomain wildcard, a port) and *, separated by commas or spaces', () => {
    expect(
      loadConfig({ EMBED_ORIGINS: 'https://Blog.example/, https://*.museum.example http://localhost:8080,*' })
        .embedOrigins,
    ).toEqual(['https://blog.example', 'https://*.museum.example', 'http://localhost:8080', '*']);
  });

  it('refuses anything that is not an origin: a path, a directive, quotes, a scheme of its own', () => {
    for (const value of [
      'https://blog.example/path',
      "https://blog.example; script-src 'unsafe-inline'",
      "'self'",
      'javascript:alert(1)',
      'blog.example',
      'https://blog.example;',
    ]) {
      expect(problemsOf(value).join(' '), value).toContain('EMBED_ORIGINS');
    }
  });
});
