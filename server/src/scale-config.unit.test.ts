/** The scaling-out settings (docs/operations.md): S3_*, REDIS_URL, METRICS_TOKEN, WEB_CONCURRENCY. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('scaling-out settings', () => {
  it('default to one process, local media, memory state and no metrics', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisKeyPrefix).toBe('whispers:');
    expect(config.metricsToken).toBeUndefined();
    expect(config.webConcurrency).toBe(1);
  });

  it('read a full S3 configuration, Redis, a metrics token and workers', () => {
    const config = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: 'rediss://cache:6380/2',
      METRICS_TOKEN: 'a-long-enough-token',
      WEB_CONCURRENCY: '4',
      DATABASE_URL: 'postgres://db/whispers',
    });
    expect(config.s3).toEqual({
      bucket: 'media',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.redisUrl).toBe('rediss://cache:6380/2');
    expect(config.metricsToken).toBe('a-long-enough-token');
    expect(config.webConcurrency).toBe(4);
  });

  it('treat empty values as unset (S3 on AWS needs only a bucket)', () => {
    const config = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      REDIS_URL: '',
      METRICS_TOKEN: '',
    });
    expect(config.s3).toMatchObject({
      bucket: 'media',
      endpoint: undefined,
      accessKeyId: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
  });

  it('list every inconsistent or malformed value', () => {
    const problems = problemsOf({
      S3_ENDPOINT: 'not a url',
      S3_ACCESS_KEY_ID: 'key',
      REDIS_URL: 'http://cache',
      METRICS_TOKEN: 'short',
      WEB_CONCURRENCY: '0',
    });
    expect(problems.join('\n')).toMatch(/S3_ENDPOINT/);
    expect(problems.join('\n')).toMatch(/REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(problems.join('\n')).toMatch(/METRICS_TOKEN must be at least 16 characters/);
    expect(problems.join('\n')).toMatch(/WEB_CONCURRENCY/);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' }).join('\n')).toMatch(/S3_BUCKET is required/);
    expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }).join('\n')).toMatch(/go together/);
  });

  it('refuse several workers on the embedded database', () => {
    expect(problemsOf({ WEB_CONCURRENCY: '2' })).toEqual([
      'WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database runs in one process only)',
    ]);
    expect(problemsOf({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/w' })).toEqual([]);
  });
});
