// lint-as: client/src/lib/lint-fixture-server-alias.ts
// expect: import-x/no-restricted-paths
// The client importing server code through the #server alias.
import { loadConfig } from '#server/config';

export const config = loadConfig;
