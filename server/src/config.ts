/**
 * Configuration is read from the environment once, at start-up, and validated here. A bad value stops the
 * process with a list of what is wrong; the rest of the server receives a typed, frozen `Config`.
 */
import path from 'node:path';
import { z } from 'zod';
import { LIMITS, LOCATION_CLAIM } from '#common/constants';
import { NOTIFICATION_LIMITS } from '#common/notifications';
import { MEDIA_KINDS, type MediaKind } from '#common/enums';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { DEFAULT_AUTH_LIMITS, type AuthLimits, type WindowRule } from './lib/limit-settings';
import { TILE_ENV_SHAPE, tileSettings, type TileSettings } from './lib/tile-settings';
import { pushAllowedHostsSetting } from './lib/push-allowed-hosts';
import { trustProxySetting } from './lib/trust-proxy-setting';
import { blankIsUnset, booleanFlag, duration, megabytes, optionalText, UNIT_MS, windowLimit } from './lib/env-values';

/** New signed-out reader cookies per address (IPv6 /64): a café's or a carrier's newcomers, not a scraper's (docs/design.md, rule 15). */
const NEW_READERS_PER_ADDRESS: WindowRule = { limit: 60, windowMs: 60 * 60 * 1000 };

type SizeSetting = (typeof MEDIA_KIND_SPECS)[MediaKind]['size']['setting'];
/** Each media kind's size setting, in megabytes, with its default. */
const uploadSizeSettings = Object.fromEntries(
  MEDIA_KINDS.map((kind) => [MEDIA_KIND_SPECS[kind].size.setting, megabytes(MEDIA_KIND_SPECS[kind].size.defaultMb)]),
) as Record<SizeSetting, ReturnType<typeof megabytes>>;
const byMediaKind = <T>(value: (kind: MediaKind) => T) =>
  Object.fromEntries(MEDIA_KINDS.map((kind) => [kind, value(kind)])) as Record<MediaKind, T>;

const envSchema = z
  .object({
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
    LOG_FORMAT: z.preprocess(blankIsUnset, z.enum(['json', 'pretty']).optional()),
    TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    ...TILE_ENV_SHAPE,
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: trustProxySetting,
    // Unset: Secure in production (COOKIE_SECURE=false for a plain-HTTP deployment), not elsewhere.
    COOKIE_SECURE: z.enum(['true', 'false', '1', '0', '']).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Whispers <no-reply@whispers.local>'),
    MEDIA_SECRET: z.string().min(32, 'MEDIA_SECRET must be at least 32 characters').optional(),
    MEDIA_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(900),
    ...uploadSizeSettings,
    WEATHER_URL: z.url().optional(),
    RATE_LIMIT_DISABLED: booleanFlag,
    /** Distinct stories a reader may newly unlock per sliding hour (docs/design.md, rule 11). */
    UNLOCK_BUDGET_VISITOR: z.coerce.number().int().min(1).max(100_000).default(LOCATION_CLAIM.visitorBudget),
    UNLOCK_BUDGET_USER: z.coerce.number().int().min(1).max(100_000).default(LOCATION_CLAIM.userBudget),
    LIMIT_NEW_READERS_PER_ADDRESS: windowLimit(NEW_READERS_PER_ADDRESS),
    // ── Abuse limits of the account calls (modules/auth/limits.ts; docs/security.md) ──
    LIMIT_LOGIN_FAILURES_PER_ADDRESS: windowLimit(DEFAULT_AUTH_LIMITS.loginFailuresPerAddress),
    LIMIT_LOGIN_FREE_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(DEFAULT_AUTH_LIMITS.loginBackoff.freeFailures),
    LIMIT_LOGIN_MAX_DELAY: duration(DEFAULT_AUTH_LIMITS.loginBackoff.maxDelayMs),
    LIMIT_REGISTRATIONS_PER_ADDRESS: windowLimit(DEFAULT_AUTH_LIMITS.registrationsPerAddress),
    LIMIT_RESET_MAILS_PER_ADDRESS: windowLimit(DEFAULT_AUTH_LIMITS.resetMailsPerAddress),
    LIMIT_RESET_MAILS_PER_USERNAME: windowLimit(DEFAULT_AUTH_LIMITS.resetMailsPerUsername),
    LIMIT_RESET_ATTEMPTS_PER_ADDRESS: windowLimit(DEFAULT_AUTH_LIMITS.resetAttemptsPerAddress),
    LIMIT_USERNAME_CHECKS_PER_ADDRESS: windowLimit(DEFAULT_AUTH_LIMITS.usernameChecksPerAddress),
    LIMIT_PASSWORD_CONFIRMS_PER_USER: windowLimit(DEFAULT_AUTH_LIMITS.passwordConfirmsPerUser),
    // ── Scaling out (docs/operations.md): object storage, shared state, metrics, workers. docs/operations.md ──
    S3_ENDPOINT: optionalText.pipe(z.url('S3_ENDPOINT must be a URL such as http://minio:9000').optional()),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: booleanFlag,
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.string().default('whispers:'),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Audio/video files processed at once per process, and how many may wait (beyond: 503; docs/security.md, "Hardening, third round"). */
    MEDIA_WORK_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    MEDIA_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(4),
    /** Largest video frame accepted, `WIDTHxHEIGHT`, compared as a pixel count (a portrait 1080×1920 passes). */
    MEDIA_MAX_VIDEO_SIZE: z
      .string()
      .regex(/^\d{1,5}x\d{1,5}$/, 'MEDIA_MAX_VIDEO_SIZE must look like 1920x1080')
      .default('1920x1080')
      .transform((size) => {
        const [width = 0, height = 0] = size.split('x').map(Number);
        return { width, height };
      })
      .refine((size) => size.width >= 16 && size.height >= 16, 'MEDIA_MAX_VIDEO_SIZE must be at least 16x16'),
    MEDIA_MAX_FRAME_RATE: z.coerce.number().min(1).max(240).default(60),
    /**
     * The nearby reads from an in-memory index kept exact by the database's change feed (docs/decisions/009-story-index.md):
     * `on`; `every-read` (each read waits for the feed to catch up: another instance's write too); `off` (SQL).
     */
    STORY_INDEX: z.enum(['on', 'every-read', 'off']).default('on'),
    /** How often each instance writes its buffered insight counts (docs/decisions/018-insights-counts-not-readers.md): authors see them within a minute. */
    INSIGHTS_FLUSH_MS: z.coerce
      .number()
      .int('INSIGHTS_FLUSH_MS must be whole milliseconds')
      .min(50)
      .max(30_000)
      .default(15_000),
    /** Tests only (NODE_ENV=test): insights show days still open, so a browser test sees its own readers' counts. */
    INSIGHTS_TEST_SHOW_OPEN_DAYS: booleanFlag,
    /**
     * Accounts made admins at start-up, and at sign-up for a name not yet taken (docs/moderation.md "The first
     * admin"): comma-separated usernames, compared without case. How a first admin is made on a server that holds
     * the embedded database (`npm run user:role` cannot open it beside the server).
     */
    ADMIN_USERNAMES: optionalText.transform((value, context) => {
      const names = new Set<string>();
      for (const name of (value ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)) {
        if (name.length < LIMITS.usernameMin || name.length > LIMITS.usernameMax || !/^[A-Za-z0-9_]+$/.test(name)) {
          context.addIssue({
            code: 'custom',
            message: `ADMIN_USERNAMES: "${name}" is not a username (${LIMITS.usernameMin}–${LIMITS.usernameMax} letters, digits or _)`,
          });
        } else names.add(name.toLowerCase());
      }
      return [...names];
    }),
    /** How long a notification stream may stay open before the server ends it and the client reconnects (docs/security.md, "Hardening, third round"). */
    NOTIFICATION_STREAM_LIFETIME: duration(NOTIFICATION_LIMITS.streamMaxLifetimeMs),
    /** Tests only (NODE_ENV=test): the follow digest's period instead of a day (docs/decisions/046-follows-daily-digest.md). */
    FOLLOW_DIGEST_INTERVAL: duration(UNIT_MS.h * 24),
    // ── Web Push (docs/decisions/015-installable-offline-push.md): VAPID keys (generated into DATA_DIR when unset), and test-only push origins ──
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
        .optional(),
    ),
    PUSH_TEST_ORIGINS: optionalText.transform((value, context) => {
      const origins: string[] = [];
      for (const part of (value ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        try {
          origins.push(new URL(part).origin);
        } catch {
          context.addIssue({
            code: 'custom',
            message: `PUSH_TEST_ORIGINS: "${part}" is not an origin such as https://localhost:8443`,
          });
        }
      }
      return origins;
    }),
    /** The push services subscriptions may name (lib/push-allowed-hosts.ts). */
    PUSH_ALLOWED_HOSTS: pushAllowedHostsSetting,
  })
  .superRefine((settings, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!settings.S3_BUCKET && (settings.S3_ENDPOINT || settings.S3_ACCESS_KEY_ID || settings.S3_SECRET_ACCESS_KEY)) {
      problem('S3_BUCKET', 'S3_BUCKET is required when any other S3_ setting is given');
    }
    if (Boolean(settings.S3_ACCESS_KEY_ID) !== Boolean(settings.S3_SECRET_ACCESS_KEY)) {
      problem('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    }
    // PGlite is one process holding its data directory: a second worker could not open it.
    if (Boolean(settings.VAPID_PUBLIC_KEY) !== Boolean(settings.VAPID_PRIVATE_KEY)) {
      problem('VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    }
    if (settings.INSIGHTS_TEST_SHOW_OPEN_DAYS && settings.NODE_ENV !== 'test') {
      problem(
        'INSIGHTS_TEST_SHOW_OPEN_DAYS',
        'INSIGHTS_TEST_SHOW_OPEN_DAYS is for tests only (NODE_ENV=test): it shows counts while a day is open',
      );
    }
    if (settings.WEB_CONCURRENCY > 1 && !settings.DATABASE_URL) {
      problem(
        'WEB_CONCURRENCY',
        'WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database runs in one process only)',
      );
    }
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
  /** Log lines as JSON or readable text; unset: readable at a terminal, JSON otherwise (console-output.ts). */
  logFormat: 'json' | 'pretty' | undefined;
  tileUrl: string;
  tileAttribution: string;
  /** The tiles served from the app's own origin (lib/tile-settings.ts). */
  tiles: TileSettings;
  publicUrl: string | undefined;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses/CIDRs (never `true`). */
  trustProxy: false | number | string[];
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mediaSecret: string | undefined;
  mediaUrlTtlSeconds: number;
  /** Each media kind's largest upload (its `MAX_<KIND>_MB`, common/media-kinds.ts). */
  maxUploadBytes: Record<MediaKind, number>;
  weatherUrl: string | undefined;
  rateLimitDisabled: boolean;
  unlockBudget: { visitor: number; user: number };
  /** Signed-out reader cookies one address (IPv6 /64) may start per window (docs/design.md, rule 15). */
  newReadersPerAddress: WindowRule;
  /** Failed sign-in, registration, reset and password-confirmation limits. */
  limits: AuthLimits;
  /** Object storage for media; local directory under DATA_DIR when undefined. */
  s3: S3Settings | undefined;
  /** Shared short-lived state (request limits, counters); process memory when undefined. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Bearer token for /api/metrics; the route answers 404 when undefined. */
  metricsToken: string | undefined;
  webConcurrency: number;
  /** The audio/video work queue (media/work-queue.ts). */
  mediaWork: { concurrency: number; maxWaiting: number };
  /** Ceilings checked on an audio/video file's headers before it is decoded (media/probe.ts). */
  mediaLimits: { maxVideoSize: { width: number; height: number }; maxFrameRate: number };
  storyIndex: 'on' | 'every-read' | 'off';
  /** Milliseconds between writes of the buffered insight counts. */
  insightsFlushMs: number;
  /** Tests only: insights include days still open (docs/security.md "Insights count closed days only"). */
  insightsShowOpenDays: boolean;
  /** Lower-cased usernames made admins at start-up and at sign-up (ADMIN_USERNAMES). */
  adminUsernames: readonly string[];
  /** Milliseconds a notification stream stays open at most. */
  notificationStreamLifetimeMs: number;
  /** The follow digest's period in ms: a day, unless NODE_ENV=test sets FOLLOW_DIGEST_INTERVAL. */
  followDigestIntervalMs: number;
  /** Web Push: configured VAPID keys (else generated into DATA_DIR), the subject, origins allowed for tests. */
  push: {
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string | undefined;
    testOrigins: string[];
    /** Push service host names and `*.suffix` patterns a subscription may name (PUSH_ALLOWED_HOSTS). */
    allowedHosts: string[];
  };
}

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Whether browsers reach the app over HTTPS, as the configuration says (COOKIE_SECURE, or an https PUBLIC_URL):
 * decides HSTS and the session cookie's `__Host-` name.
 */
export function servedOverHttps(config: Pick<Config, 'cookieSecure' | 'publicUrl'>): boolean {
  return config.cookieSecure || config.publicUrl?.startsWith('https://') === true;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const settings = parsed.data;
  return Object.freeze({
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    logLevel: settings.LOG_LEVEL,
    logFormat: settings.LOG_FORMAT,
    tileUrl: settings.TILE_URL,
    tileAttribution: settings.TILE_ATTRIBUTION,
    tiles: tileSettings(settings),
    publicUrl: settings.PUBLIC_URL,
    trustProxy: settings.TRUST_PROXY,
    cookieSecure:
      settings.COOKIE_SECURE === undefined || settings.COOKIE_SECURE === ''
        ? settings.NODE_ENV === 'production'
        : settings.COOKIE_SECURE === 'true' || settings.COOKIE_SECURE === '1',
    smtpUrl: settings.SMTP_URL || undefined,
    mailFrom: settings.MAIL_FROM,
    mediaSecret: settings.MEDIA_SECRET,
    mediaUrlTtlSeconds: settings.MEDIA_URL_TTL_SECONDS,
    maxUploadBytes: byMediaKind((kind) => settings[MEDIA_KIND_SPECS[kind].size.setting]),
    weatherUrl: settings.WEATHER_URL,
    rateLimitDisabled: settings.RATE_LIMIT_DISABLED,
    unlockBudget: { visitor: settings.UNLOCK_BUDGET_VISITOR, user: settings.UNLOCK_BUDGET_USER },
    newReadersPerAddress: settings.LIMIT_NEW_READERS_PER_ADDRESS,
    limits: {
      loginFailuresPerAddress: settings.LIMIT_LOGIN_FAILURES_PER_ADDRESS,
      loginBackoff: {
        ...DEFAULT_AUTH_LIMITS.loginBackoff,
        freeFailures: settings.LIMIT_LOGIN_FREE_FAILURES,
        maxDelayMs: settings.LIMIT_LOGIN_MAX_DELAY,
      },
      registrationsPerAddress: settings.LIMIT_REGISTRATIONS_PER_ADDRESS,
      resetMailsPerAddress: settings.LIMIT_RESET_MAILS_PER_ADDRESS,
      resetMailsPerUsername: settings.LIMIT_RESET_MAILS_PER_USERNAME,
      resetAttemptsPerAddress: settings.LIMIT_RESET_ATTEMPTS_PER_ADDRESS,
      usernameChecksPerAddress: settings.LIMIT_USERNAME_CHECKS_PER_ADDRESS,
      passwordConfirmsPerUser: settings.LIMIT_PASSWORD_CONFIRMS_PER_USER,
    },
    s3: settings.S3_BUCKET
      ? {
          endpoint: settings.S3_ENDPOINT,
          bucket: settings.S3_BUCKET,
          region: settings.S3_REGION,
          accessKeyId: settings.S3_ACCESS_KEY_ID,
          secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          forcePathStyle: settings.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    metricsToken: settings.METRICS_TOKEN,
    webConcurrency: settings.WEB_CONCURRENCY,
    mediaWork: { concurrency: settings.MEDIA_WORK_CONCURRENCY, maxWaiting: settings.MEDIA_QUEUE_MAX },
    mediaLimits: { maxVideoSize: settings.MEDIA_MAX_VIDEO_SIZE, maxFrameRate: settings.MEDIA_MAX_FRAME_RATE },
    storyIndex: settings.STORY_INDEX,
    insightsFlushMs: settings.INSIGHTS_FLUSH_MS,
    insightsShowOpenDays: settings.INSIGHTS_TEST_SHOW_OPEN_DAYS,
    adminUsernames: settings.ADMIN_USERNAMES,
    notificationStreamLifetimeMs: settings.NOTIFICATION_STREAM_LIFETIME,
    followDigestIntervalMs: settings.NODE_ENV === 'test' ? settings.FOLLOW_DIGEST_INTERVAL : UNIT_MS.h * 24,
    push: {
      vapidKeys:
        settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY
          ? { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: settings.VAPID_SUBJECT,
      testOrigins: settings.PUSH_TEST_ORIGINS,
      allowedHosts: settings.PUSH_ALLOWED_HOSTS,
    },
  });
}
