// lint-as: client/src/lib/lint-fixture-server-relative.ts
// expect: import-x/no-restricted-paths
// The client importing server code by a relative path.
import { loadConfig } from '../../../server/src/config';

export const config = loadConfig;
