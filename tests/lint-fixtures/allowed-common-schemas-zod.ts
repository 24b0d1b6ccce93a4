// lint-as: common/lint-fixture-schemas.ts
// expect: nothing
// A common *-schemas.ts file is where zod belongs; a type from a zod-free module is fine anywhere.
import { z } from 'zod';
import type { Point } from './geo';

export const pointSchema: z.ZodType<Point> = z.object({ latitude: z.number(), longitude: z.number() });
