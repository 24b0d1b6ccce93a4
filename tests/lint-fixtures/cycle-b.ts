// expect: import-x/no-cycle,local/no-import-cycle
import { a } from './cycle-a';

export const b = (): number => a() - 1;
