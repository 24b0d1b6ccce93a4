import * as L from 'leaflet';
import { categoryColor } from '#common/categories';
import { STORY_MARKER_PX, USER_MARKER_PX } from '#common/constants';
import type { MapMarker } from '#common/map-schemas';
import { storyTypeIcon } from '#client/lib/stories/story-display';

// Icons are shared between markers of the same look (type × category × time lock), never rebuilt per render.
const storyIcons = new Map<string, L.DivIcon>();

/** 40 px round marker in the category colour with the type emoji; an orange dot marks a time lock. */
export function storyIcon(story: Pick<MapMarker, 'type' | 'category' | 'timeRestriction'>): L.DivIcon {
  const timeLocked = story.timeRestriction !== 'none';
  const key = `${story.type}|${story.category}|${timeLocked}`;
  let icon = storyIcons.get(key);
  if (!icon) {
    // Children are aria-hidden so the marker's accessible name is its title (the story title).
    icon = L.divIcon({
      className: 'story-marker',
      html:
        `<span aria-hidden="true" class="story-marker__disc" style="background:${categoryColor(story.category)}">${storyTypeIcon(story.type)}</span>` +
        (timeLocked ? '<span aria-hidden="true" class="story-marker__dot"></span>' : ''),
      iconSize: [STORY_MARKER_PX, STORY_MARKER_PX],
      iconAnchor: [STORY_MARKER_PX / 2, STORY_MARKER_PX / 2],
      popupAnchor: [0, -STORY_MARKER_PX / 2],
    });
    storyIcons.set(key, icon);
  }
  return icon;
}

const clusterIcons = new Map<number, L.DivIcon>();

export function clusterIcon(count: number): L.DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = count < 10 ? 40 : count < 100 ? 46 : 54;
    icon = L.divIcon({
      className: 'story-cluster',
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    clusterIcons.set(count, icon);
  }
  return icon;
}

/** WCAG 2.2's smallest target (2.5.8): the reader's dot is drawn at the spec's 20 px inside a 24 px button. */
const USER_MARKER_TARGET_PX = 24;

export const userIcon = L.divIcon({
  className: 'user-marker',
  html: `<span aria-hidden="true" style="width:${USER_MARKER_PX}px;height:${USER_MARKER_PX}px"></span>`,
  iconSize: [USER_MARKER_TARGET_PX, USER_MARKER_TARGET_PX],
  iconAnchor: [USER_MARKER_TARGET_PX / 2, USER_MARKER_TARGET_PX / 2],
  popupAnchor: [0, -USER_MARKER_PX / 2],
});
