/** Shared by the story-read API tests (read.api.test.ts, read-map.api.test.ts). */
import type { Point } from '#common/geo';
import { fromMarkerColumns, type MapMarker, type MapMarkerColumns } from '#common/map-markers';
import type { Story } from '#common/schemas';

export const SAVANNAH: Point = { latitude: 32.0835, longitude: -81.0998 };
export const MEDIA_FIELDS = [
  'content',
  'audioUrl',
  'imageUrl',
  'thumbnailUrl',
  'videoUrl',
  'tiktokUrl',
  'tiktokVideoId',
] as const;

/** "HH:MM" `deltaMinutes` from now in an IANA zone. */
export function localHHMM(timeZone: string, deltaMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const minutes =
    Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
  const total = (((minutes + deltaMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A read's stories: a list, or the map's marker columns (decision 025) as markers. */
export function storiesOf(res: { json(): unknown }): (Story | MapMarker)[] {
  const body = res.json() as Story[] | MapMarkerColumns;
  return Array.isArray(body) ? body : fromMarkerColumns(body);
}
