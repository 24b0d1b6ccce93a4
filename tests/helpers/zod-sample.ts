/**
 * A valid sample of a zod schema, built from the schema alone: the authorization matrix sends each route a body
 * (and query string) its own contract accepts, so a route added later is tried with a request that reaches its
 * handler — not refused as malformed before its access or owner check runs.
 *
 *   sampleOf(editStoryRequestSchema)            // → { title: 'Sample text' }
 *   sampleOf(schema, { hints: { type: ['text'] } })
 *
 * How: every leaf gets a list of candidates (the schema's own enum and literal values, then a pool of everyday
 * values: texts, a username, an email, a uuid, a time, numbers, booleans), kept only when the leaf accepts them.
 * An object starts with its required fields only and is then repaired against its own refinements: a field an
 * issue names gets its next candidate (or, when absent, is added), until the object parses. Minimal samples
 * matter: an edit route should receive one change, not every optional field. Returns undefined when no sample
 * is found; the caller reports that route instead of silently sending something the route refuses.
 */
import { z } from 'zod';
import { CATEGORIES } from '#common/categories';

export interface SampleOptions {
  /** Values to try first for a field of this name, wherever it is (e.g. `type: ['text']` for a story form). */
  hints?: Record<string, readonly unknown[]>;
}

/** Everyday values a field may expect, in the order they are tried. */
const STRING_POOL = [
  'Sample text',
  'sample_user',
  'secret123',
  'sample@example.test',
  '3f2c1a7e-5b4d-4c8e-9a1f-2b3c4d5e6f70',
  '12:00',
  '18:00',
  'true',
  'false',
  '1',
  '0',
  '-180,-90,180,90',
  'https://example.test/sample',
  ...CATEGORIES,
];
const OTHER_POOL: unknown[] = [1, 0, 10, 0.5, true, false, null];

type AnySchema = z.ZodType;
const MAX_REPAIRS = 1_000;

export function sampleOf(schema: AnySchema, options: SampleOptions = {}): unknown {
  const candidates = candidatesOf(schema, options.hints ?? {}, undefined);
  return candidates[0];
}

/** Values `schema` accepts, best first (an empty list when none is found). */
function candidatesOf(
  schema: AnySchema,
  hints: SampleOptions['hints'] & object,
  fieldName: string | undefined,
): unknown[] {
  const structural = structuralSamples(schema, hints, fieldName);
  const hinted = fieldName !== undefined ? (hints[fieldName] ?? []) : [];
  const pool = [...STRING_POOL, ...OTHER_POOL].flatMap((value) => padded(schema, value));
  const accepted: unknown[] = [];
  for (const value of [...hinted, ...structural, ...pool]) {
    if (accepted.some((known) => Object.is(known, value))) continue;
    if (schema.safeParse(value).success) accepted.push(value);
  }
  return accepted;
}

/** A text of the pool, and the same lengthened to the schema's minimum when it is shorter. */
function padded(schema: AnySchema, value: unknown): unknown[] {
  const min = stringMinLength(schema);
  if (typeof value !== 'string' || min === null || value.length >= min) return [value];
  return [value, value + 'x'.repeat(min - value.length)];
}

function stringMinLength(schema: AnySchema): number | null {
  const inner = unwrap(schema);
  return inner instanceof z.ZodString ? inner.minLength : null;
}

/** The schema under optional/nullable/default/pipe wrappers (what a value is really checked against). */
function unwrap(schema: AnySchema): AnySchema {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrap(schema.unwrap() as AnySchema);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault)
    return unwrap(schema.def.innerType as AnySchema);
  if (schema instanceof z.ZodPipe) return unwrap(schema.in as AnySchema);
  return schema;
}

/** Samples that follow from the schema's own structure (objects, arrays, enums, literals, unions). */
function structuralSamples(
  schema: AnySchema,
  hints: Record<string, readonly unknown[]>,
  fieldName: string | undefined,
): unknown[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return structuralSamples(schema.unwrap() as AnySchema, hints, fieldName);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) {
    return structuralSamples(schema.def.innerType as AnySchema, hints, fieldName);
  }
  if (schema instanceof z.ZodPipe) return candidatesOf(schema.in as AnySchema, hints, fieldName);
  if (schema instanceof z.ZodEnum) return [...schema.options];
  if (schema instanceof z.ZodLiteral) return [...schema.values];
  if (schema instanceof z.ZodUnion)
    return schema.options.flatMap((option) => candidatesOf(option as AnySchema, hints, fieldName));
  if (schema instanceof z.ZodObject) {
    const built = repairedObject(schema, hints);
    return built === undefined ? [] : [built];
  }
  if (schema instanceof z.ZodIntersection) {
    const left = candidatesOf(schema.def.left as AnySchema, hints, fieldName)[0];
    const right = candidatesOf(schema.def.right as AnySchema, hints, fieldName)[0];
    return isRecord(left) && isRecord(right) ? [{ ...left, ...right }] : [];
  }
  if (schema instanceof z.ZodArray) {
    const element = candidatesOf(schema.element as AnySchema, hints, fieldName)[0];
    return element === undefined ? [[]] : [[], [element]];
  }
  if (schema instanceof z.ZodRecord) return [{}];
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return ['Sample text'];
  return [];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The object with its required fields, repaired until the object (its refinements included) accepts it. A file
 * field (multipart) is left out: its sample is the caller's business.
 */
function repairedObject(
  schema: z.ZodObject,
  hints: Record<string, readonly unknown[]>,
): Record<string, unknown> | undefined {
  const shape = schema.shape as Record<string, AnySchema>;
  const fieldCandidates = new Map<string, unknown[]>();
  const candidatesFor = (key: string) => {
    if (!fieldCandidates.has(key))
      fieldCandidates.set(key, isFileField(shape[key]!) ? [] : candidatesOf(shape[key]!, hints, key));
    return fieldCandidates.get(key)!;
  };
  const chosen = new Map<string, number>();
  const dropped = new Set<string>();
  const value: Record<string, unknown> = {};
  const choose = (key: string, index: number) => {
    const list = candidatesFor(key);
    if (index >= list.length) return false;
    chosen.set(key, index);
    value[key] = list[index];
    return true;
  };

  for (const [key, field] of Object.entries(shape)) {
    if (isOptional(field) && !(key in hints)) continue;
    if (!choose(key, 0) && !isOptional(field)) return undefined;
  }
  for (let repairs = 0; repairs < MAX_REPAIRS; repairs++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return value;
    const key = parsed.error.issues
      .map((issue) => issue.path[0])
      .find((k): k is string => typeof k === 'string' && k in shape && !dropped.has(k));
    if (key === undefined) {
      // An issue of the whole object (or of nothing it names): add the next optional field not tried yet.
      const next = Object.keys(shape).find((k) => !(k in value) && !dropped.has(k) && candidatesFor(k).length > 0);
      if (next === undefined || !choose(next, 0)) return undefined;
      continue;
    }
    if (!(key in value)) {
      if (!choose(key, 0)) dropped.add(key);
      continue;
    }
    if (choose(key, (chosen.get(key) ?? 0) + 1)) continue;
    // No candidate of this field satisfies the object: the issue may be another field's absence blamed on this
    // one (e.g. "fill in all required fields" named on the first of a pair). Start it over with one more field.
    const absent = Object.keys(shape).find((k) => !(k in value) && !dropped.has(k) && candidatesFor(k).length > 0);
    if (absent !== undefined) {
      choose(key, 0);
      choose(absent, 0);
      continue;
    }
    if (!isOptional(shape[key]!)) return undefined;
    delete value[key];
    dropped.add(key);
  }
  return undefined;
}

const isOptional = (schema: AnySchema) => schema.safeParse(undefined).success;

function isFileField(schema: AnySchema): boolean {
  return unwrap(schema) instanceof z.ZodFile;
}

/** Whether a schema describes a multipart form (it has a file field): the caller sends the sample as a form. */
export function hasFileField(schema: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return Object.values(inner.shape).some(isFileField);
  if (inner instanceof z.ZodIntersection) return hasFileField(inner.def.left) || hasFileField(inner.def.right);
  return false;
}
