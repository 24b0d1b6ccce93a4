// lint-as: server/src/lib/lint-fixture-up.ts
// expect: import-x/no-restricted-paths
// A layer below the modules importing a module (an arrow pointing up).
import { BUCKETS } from '../modules/auth';

export const buckets = BUCKETS;
