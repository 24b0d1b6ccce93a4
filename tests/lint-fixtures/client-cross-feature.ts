// lint-as: client/src/features/home/lint-fixture-cross-feature.ts
// expect: import-x/no-restricted-paths
// A feature importing another feature's internals.
import { useMapStories } from '../stories/api/get-map-stories';

export const hook = useMapStories;
