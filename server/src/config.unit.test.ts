import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.maxUploadBytes).toEqual({ audio: 20 * 1024 * 1024, image: 15 * 1024 * 1024, video: 200 * 1024 * 1024 });
    expect(config.tileUrl).toContain('{z}/{x}/{y}');
  });

  it('reads overrides', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', MAX_AUDIO_MB: '1', COOKIE_SECURE: 'true' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.maxUploadBytes.audio).toBe(1024 * 1024);
    expect(config.cookieSecure).toBe(true);
  });

  it('lists every bad value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MEDIA_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL must start with postgres/);
    expect(problems).toMatch(/MEDIA_SECRET must be at least 32 characters/);
  });
});
