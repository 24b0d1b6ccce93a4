// expect: import-x/no-cycle,local/no-import-cycle
// Two files importing each other (cycle-b.ts imports this one).
import { b } from './cycle-b';

export const a = (): number => b() + 1;
