/**
 * Logs without secrets (docs/security.md, "Threat model"). No log line may carry SQL parameters, password hashes, emails, reset
 * codes, session tokens or cookies, or a reader's position. Three layers:
 * - requests are logged by route pattern, never by URL (request-log-serializer.ts);
 * - errors go through `errorLogSerializer`: a fixed set of fields, the message cut before Drizzle's
 *   `params:` list, driver fields such as `query`, `parameters` and `detail` (which echo values) dropped, the
 *   stack reduced to its frames, emails and argon2 hashes masked wherever they appear;
 * - pino `redact` censors the fields that hold secrets if any code ever logs such an object.
 */
import { requestLogSerializer } from './request-log-serializer';

export const REDACTED = '[redacted]';

/** Field paths pino censors in every log line (a second net: nothing should log them in the first place). */
const REDACTED_PATHS = [
  'password',
  'newPassword',
  'passwordHash',
  'email',
  'to',
  'token',
  'cookie',
  'authorization',
  'latitude',
  'longitude',
  'lat',
  'lng',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.email',
  '*.to',
  '*.token',
  '*.cookie',
  '*.authorization',
  '*.latitude',
  '*.longitude',
  '*.lat',
  '*.lng',
  // A device's push subscription: its endpoint is a capability URL, its keys encrypt what is sent to it.
  'endpoint',
  'keys',
  'auth',
  'p256dh',
  '*.endpoint',
  '*.keys',
  '*.auth',
  '*.p256dh',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's own classification (no values): which C routine refused, how severe. */
  severity?: string;
  routine?: string;
  stack?: string;
  cause?: LoggedError;
}

const EMAIL = /[^\s"'<>(),;:]+@[^\s"'<>(),;:]+\.[A-Za-z]{2,}/g;
const ARGON2_HASH = /\$argon2(id|i|d)\$[^\s"',]+/g;

/** Masks what may hide in any free text: emails and password hashes. */
function maskSecrets(text: string): string {
  return text.replace(EMAIL, '[email]').replace(ARGON2_HASH, '[hash]');
}

/** A PostgreSQL error (pg or PGlite): its message may quote the offending value, so quoted parts are masked. */
const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.severity === 'string' && typeof error.routine === 'string';

function messageOf(error: Record<string, unknown>): string {
  const message = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  // Drizzle: "Failed query: <SQL with $1…>\nparams: <the values>": the SQL is kept, the values never.
  const withoutParams = message.replace(/\nparams:[\s\S]*$/, `\nparams: ${REDACTED}`);
  const unquoted = isDatabaseError(error) ? withoutParams.replace(/"[^"]*"|'[^']*'/g, '"…"') : withoutParams;
  return maskSecrets(unquoted);
}

/** Only the frames of a stack: its first line repeats the message, values included. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return maskSecrets(
    stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  );
}

export function errorLogSerializer(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: maskSecrets(String(error)) };
  const fields = error as Record<string, unknown>;
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Object',
    message: messageOf(fields),
  };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (typeof fields.severity === 'string') logged.severity = fields.severity;
  if (typeof fields.routine === 'string') logged.routine = fields.routine;
  const stack = framesOf(fields.stack);
  if (stack) logged.stack = stack;
  if (fields.cause !== undefined && depth < 3) logged.cause = errorLogSerializer(fields.cause, depth + 1);
  return logged;
}

/** Logger options with the private serializers and redaction added (a ready logger instance or a boolean is kept). */
export function withPrivateLogs<T>(logger: T): T {
  if (logger === null || typeof logger !== 'object' || 'info' in logger) return logger;
  const serializers = 'serializers' in logger && typeof logger.serializers === 'object' ? logger.serializers : {};
  return {
    ...logger,
    serializers: { ...serializers, req: requestLogSerializer, err: errorLogSerializer },
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
  };
}
