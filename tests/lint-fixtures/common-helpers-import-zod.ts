// lint-as: common/lint-fixture-helpers.ts
// expect: no-restricted-imports
// A zod-free common module (what the client's first screen reads) bringing the validator along.
import { z } from 'zod';

export const nameSchema = z.string();
