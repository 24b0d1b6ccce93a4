import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bboxQuerySchema, createStoryMultipartSchema } from '#common/route-schemas';
import {
  editStoryRequestSchema,
  registerRequestSchema,
  reportStoryRequestSchema,
  resetPasswordRequestSchema,
  setupRequestSchema,
} from '#common/schemas';
import { hasFileField, sampleOf } from './zod-sample';

describe('sampleOf: a value the schema accepts, built from the schema alone', () => {
  it.each([
    ['register', registerRequestSchema],
    ['setup', setupRequestSchema],
    ['reset password', resetPasswordRequestSchema],
    ['report', reportStoryRequestSchema],
    ['map query (bbox)', bboxQuerySchema],
  ])('%s', (_name, schema: z.ZodType) => {
    const sample = sampleOf(schema);
    expect(sample).toBeDefined();
    expect(schema.safeParse(sample).error?.issues).toBeUndefined();
  });

  it('keeps a sample minimal: an edit gets one change, not every optional field (the object is repaired)', () => {
    const sample = sampleOf(editStoryRequestSchema);
    expect(editStoryRequestSchema.safeParse(sample).success).toBe(true);
    expect(Object.keys(sample as object)).toHaveLength(1);
  });

  it('satisfies refinements across fields (a category from the list, start and end times together)', () => {
    const schema = z
      .object({ category: z.string().max(40), start: z.string().optional(), end: z.string().optional() })
      .superRefine((v, ctx) => {
        if (v.category !== 'History')
          ctx.addIssue({ code: 'custom', message: 'Category must be one of …', path: ['category'] });
        if (!v.start) ctx.addIssue({ code: 'custom', message: 'Start needed', path: ['start'] });
        if (v.start && !/^\d\d:\d\d$/.test(v.start))
          ctx.addIssue({ code: 'custom', message: 'HH:MM', path: ['start'] });
      });
    expect(sampleOf(schema)).toEqual({ category: 'History', start: '12:00' });
  });

  it('follows hints for a field, and fills what the hinted choice then requires (a text story needs content)', () => {
    const sample = sampleOf(createStoryMultipartSchema, { hints: { type: ['text'] } }) as Record<string, unknown>;
    expect(createStoryMultipartSchema.safeParse(sample).success).toBe(true);
    expect(sample.type).toBe('text');
    expect(typeof sample.content).toBe('string');
  });

  it('handles nested objects, arrays with a minimum, enums, literals, numbers and lengths', () => {
    const schema = z.object({
      kind: z.literal('tour'),
      stops: z.array(z.object({ id: z.uuid(), order: z.number().int().min(1) })).min(1),
      mode: z.enum(['walk', 'ride']),
      code: z.string().min(12).max(12),
      note: z.string().optional(),
    });
    const sample = sampleOf(schema);
    expect(schema.safeParse(sample).success).toBe(true);
    expect(sample).not.toHaveProperty('note');
  });

  it('returns undefined when it cannot find a sample (the caller reports the route, it does not guess)', () => {
    expect(sampleOf(z.object({ code: z.string().regex(/^never-\d{40}$/) }))).toBeUndefined();
    expect(sampleOf(z.string().refine(() => false))).toBeUndefined();
  });

  it('tells a multipart form (a file field) from a JSON body', () => {
    expect(hasFileField(createStoryMultipartSchema)).toBe(true);
    expect(hasFileField(registerRequestSchema)).toBe(false);
    expect(hasFileField(undefined)).toBe(false);
  });
});
