// lint-as: server/src/modules/stories/lint-fixture-routes.ts
// expect: no-restricted-imports
// A route file running its own query instead of asking a repository.
import { eq } from 'drizzle-orm';
import { stories } from '../../db/schema';

export const byId = (id: string) => eq(stories.id, id);
