// lint-as: common/lint-fixture-client.ts
// expect: import-x/no-restricted-paths
// The shared contract importing the client.
import { queryKeys } from '../client/src/lib/query-keys';

export const keys = queryKeys;
