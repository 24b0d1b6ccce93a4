import type { ZodType } from 'zod';
import { saySentence } from './i18n/i18n';

/** Each top-level field's first message from the call's shared schema (common/), as a form shows them under fields. */
export type SchemaFieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Parses a form's values with the very schema the call's route parses with, so the messages under the fields are
 * exactly the server's, in the interface's language as the server says them; `data` is what may be sent, present
 * only when every field passed.
 */
export function checkWithSchema<T, K extends string>(
  schema: ZodType<T>,
  values: Record<K, unknown>,
): { data: T; errors?: undefined } | { data?: undefined; errors: SchemaFieldErrors<K> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: SchemaFieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (field in values && errors[field] === undefined) errors[field] = saySentence(issue.message);
  }
  return { errors };
}

/** A failed parse's first message (or `fallback`), said as the server says it (the interface's language). */
export function firstRefusal(error: { issues: readonly { message: string }[] }, fallback = ''): string {
  return saySentence(error.issues[0]?.message ?? fallback);
}
