/**
 * The titles the page already holds, by story id (the nearby list, the reader's own stories): the marker answer
 * carries no title (decision 025), and a known one names a marker better than its kind and category. Kept apart
 * from the markers themselves, so a refetch of those lists never makes the map cluster its markers again.
 */
export function knownTitles(
  sources: readonly (readonly { id: string; title: string }[] | undefined)[],
): ReadonlyMap<string, string> {
  const titles = new Map<string, string>();
  for (const stories of sources) for (const story of stories ?? []) titles.set(story.id, story.title);
  return titles;
}
