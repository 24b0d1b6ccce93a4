/**
 * Client-side checks of the Create Account form with the very schema POST /api/user/register parses with, so
 * the inline messages under each field are exactly the server's (common/schemas.ts).
 */
import type { ZodType } from 'zod';
import { registerRequestSchema } from '#common/schemas';
import { saySentence } from '#client/lib/i18n/i18n';

export interface RegisterValues {
  username: string;
  displayName: string;
  email: string;
  password: string;
}

export type RegisterField = keyof RegisterValues;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export const REGISTER_FIELDS: readonly RegisterField[] = ['username', 'displayName', 'email', 'password'];

const fieldSchemas: Record<RegisterField, ZodType> = registerRequestSchema.shape;

/** The first message of the field's shared schema, or undefined when the value is fine. */
export function validateRegisterField(field: RegisterField, value: string): string | undefined {
  const result = fieldSchemas[field].safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message && saySentence(message);
}

/** Every field's message at once (a form shows them all together). */
export function validateRegistration(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const field of REGISTER_FIELDS) {
    const message = validateRegisterField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
