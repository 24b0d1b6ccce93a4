/** Parsers of the setting values server/src/config.ts reads from the environment (sizes, flags, durations, limits). */
import { z } from 'zod';
import type { WindowRule } from './limit-settings';

/** A size in megabytes (fractions allowed), as bytes. */
export const megabytes = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(10_000)
    .default(fallback)
    .transform((mb) => Math.round(mb * 1024 * 1024));

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const DURATION = /^(\d+)(s|m|h)$/;
const msOf = (text: string) => {
  const [, amount, unit] = DURATION.exec(text)!;
  return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
};
const formatDuration = (ms: number) =>
  ms % UNIT_MS.h === 0 ? `${ms / UNIT_MS.h}h` : ms % UNIT_MS.m === 0 ? `${ms / UNIT_MS.m}m` : `${ms / 1000}s`;

/** A duration such as `30s`, `15m` or `1h` (at least a second, at most a day). */
export const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
export const duration = (fallbackMs: number) =>
  z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(DURATION, 'must be a duration such as 30s, 15m or 1h')
      .default(formatDuration(fallbackMs))
      .transform(msOf)
      .pipe(
        z
          .number()
          .min(1000, 'must be at least 1s')
          .max(UNIT_MS.h * 24, 'must be at most 24h'),
      ),
  );

/** A limit written `count/duration`, e.g. `10/15m`: that many events per sliding window. */
export const windowLimit = (fallback: WindowRule) =>
  z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^\d+\s*\/\s*\d+(s|m|h)$/, 'must be a count per duration such as 10/15m or 100/1h')
      .default(`${fallback.limit}/${formatDuration(fallback.windowMs)}`)
      .transform((text) => {
        const [count = '', window = ''] = text.split('/').map((part) => part.trim());
        return { limit: Number(count), windowMs: msOf(window) };
      })
      .pipe(
        z.object({
          limit: z.number().int().min(1, 'the count must be at least 1').max(1_000_000),
          windowMs: z
            .number()
            .min(1000, 'the duration must be at least 1s')
            .max(UNIT_MS.h * 24, 'the duration must be at most 24h'),
        }),
      ),
  );

/** An optional text setting where an empty value means "not set". */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
