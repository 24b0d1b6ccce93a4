// lint-as: common/lint-fixture-server.ts
// expect: import-x/no-restricted-paths
// The shared contract importing the server.
import { HttpError } from '#server/lib/http-errors';

export const error = HttpError;
