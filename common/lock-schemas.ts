/**
 * The lock fields' checks (lock-kinds.ts describes the kinds): per field the form value create and edit take
 * ('' means not set; the spec's messages) and the value a story answer carries, and the shapes the contract
 * spreads into its schemas. A field of lock-kinds.ts without its entry here does not compile.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { seasonSchema, weatherSchema } from './enum-schemas';
import { LOCK_FIELDS, LOCK_MESSAGES, type LockField, type LockFieldTypes } from './lock-kinds';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be in HH:MM format');

/** An "HH:MM" form value ('' means not set). */
const formTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.numberTextMax, message)
    .refine((v) => v === '' || hhmm.safeParse(v).success, message);

const LOCK_FIELD_SCHEMAS = {
  unlockStartTime: { form: formTime('Unlock start time must be in HH:MM format'), value: z.string() },
  unlockEndTime: { form: formTime('Unlock end time must be in HH:MM format'), value: z.string() },
  unlockSeason: { form: z.union([seasonSchema, z.literal('')], { error: LOCK_MESSAGES.season }), value: seasonSchema },
  unlockWeather: {
    form: z.union([weatherSchema, z.literal('')], { error: LOCK_MESSAGES.weather }),
    value: weatherSchema,
  },
} satisfies { [F in LockField]: { form: z.ZodType; value: z.ZodType<LockFieldTypes[F]> } };
type Schemas = typeof LOCK_FIELD_SCHEMAS;

const shapeOf = <T>(make: (schemas: Schemas[LockField]) => z.ZodType) =>
  Object.fromEntries(LOCK_FIELDS.map((field) => [field, make(LOCK_FIELD_SCHEMAS[field])])) as T;
/** The lock fields of `storySchema` and the export. */
export const lockValueShape = shapeOf<{ [F in LockField]: z.ZodNullable<Schemas[F]['value']> }>((schemas) =>
  schemas.value.nullable(),
);
/** The lock fields of the create form (each optional). */
export const lockCreateShape = shapeOf<{ [F in LockField]: z.ZodOptional<Schemas[F]['form']> }>((schemas) =>
  schemas.form.optional(),
);
/** The lock fields of the edit request (each optional, null clears). */
export const lockEditShape = shapeOf<{ [F in LockField]: z.ZodOptional<z.ZodNullable<Schemas[F]['form']>> }>(
  (schemas) => schemas.form.nullable().optional(),
);
