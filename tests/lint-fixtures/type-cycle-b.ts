// expect: local/no-import-cycle
import type { A } from './type-cycle-a';

export interface B {
  previous: A | null;
}
