/**
 * Configuration is read from the environment once, at start-up, and validated here. A bad value stops the
 * process with a list of what is wrong; the rest of the server receives a typed, frozen `Config`.
 */
import path from 'node:path';
import { z } from 'zod';
import { LOCATION_CLAIM } from '#common/constants';

const megabytes = (fallback: number) =>
  z.coerce.number().positive().max(10_000).default(fallback).transform((mb) => Math.round(mb * 1024 * 1024));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag,
  COOKIE_SECURE: booleanFlag,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Whispers <no-reply@whispers.local>'),
  MEDIA_SECRET: z.string().min(32, 'MEDIA_SECRET must be at least 32 characters').optional(),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 3600).default(3600),
  MAX_AUDIO_MB: megabytes(20),
  MAX_IMAGE_MB: megabytes(15),
  MAX_VIDEO_MB: megabytes(200),
  WEATHER_URL: z.url().optional(),
  RATE_LIMIT_DISABLED: booleanFlag,
  /** Distinct stories a reader may newly unlock per sliding hour (DESIGN.md decision 11). */
  UNLOCK_BUDGET_VISITOR: z.coerce.number().int().min(1).max(100_000).default(LOCATION_CLAIM.visitorBudget),
  UNLOCK_BUDGET_USER: z.coerce.number().int().min(1).max(100_000).default(LOCATION_CLAIM.userBudget),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: string;
  tileUrl: string;
  tileAttribution: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mediaSecret: string | undefined;
  mediaUrlTtlSeconds: number;
  maxUploadBytes: { audio: number; image: number; video: number };
  weatherUrl: string | undefined;
  rateLimitDisabled: boolean;
  unlockBudget: { visitor: number; user: number };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const e = parsed.data;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mediaSecret: e.MEDIA_SECRET,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    maxUploadBytes: { audio: e.MAX_AUDIO_MB, image: e.MAX_IMAGE_MB, video: e.MAX_VIDEO_MB },
    weatherUrl: e.WEATHER_URL,
    rateLimitDisabled: e.RATE_LIMIT_DISABLED,
    unlockBudget: { visitor: e.UNLOCK_BUDGET_VISITOR, user: e.UNLOCK_BUDGET_USER },
  });
}
