// lint-as: server/src/modules/notifications/lint-fixture-internals.ts
// expect: import-x/no-restricted-paths
// A module reaching into another module's internals instead of its index.ts.
import { createStoryRepository } from '../stories/story-repository';

export const repository = createStoryRepository;
