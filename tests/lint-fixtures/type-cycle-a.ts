// expect: local/no-import-cycle
// Two files that need each other's types only (type-cycle-b.ts imports this one): import-x/no-cycle lets it pass.
import type { B } from './type-cycle-b';

export interface A {
  next: B | null;
}
