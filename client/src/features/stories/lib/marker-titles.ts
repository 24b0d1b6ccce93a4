import type { MapMarker } from '#common/map-schemas';

/**
 * The markers, each with its title when one of the page's other answers has the story (the nearby list, the
 * reader's own stories): the marker answer carries no title (decision 025), and a known one names the marker
 * better than its kind and category. Markers are returned as they are when no title is known for any of them.
 */
export function withKnownTitles(markers: MapMarker[], sources: readonly (readonly { id: string; title: string }[] | undefined)[]): MapMarker[] {
  const titles = new Map<string, string>();
  for (const stories of sources) for (const story of stories ?? []) titles.set(story.id, story.title);
  if (titles.size === 0) return markers;
  return markers.map((marker) => {
    const title = titles.get(marker.id);
    return title === undefined || marker.title === title ? marker : { ...marker, title };
  });
}
