/**
 * The nine categories (common/categories.ts) by name in the interface's language. The stored value stays the
 * English name the spec gives (it is what the API filters on); only what the reader sees is translated.
 */
import type { Category } from '#common/categories';
import type { MessageId } from './message-ids';
import type { Translate } from './use-t';

const CATEGORY_IDS: Record<Category | 'All', MessageId> = {
  Mystery: 'common.category.mystery',
  Adventure: 'common.category.adventure',
  History: 'common.category.history',
  Fantasy: 'common.category.fantasy',
  Personal: 'common.category.personal',
  Romance: 'common.category.romance',
  Horror: 'common.category.horror',
  Nature: 'common.category.nature',
  'Science Fiction': 'common.category.scienceFiction',
  All: 'common.category.all',
};

/** A category's name ("All" included); a name the interface does not know is shown as it is. */
export function categoryName(t: Translate, category: string): string {
  const id = CATEGORY_IDS[category as Category] as MessageId | undefined;
  return id ? t(id) : category;
}
