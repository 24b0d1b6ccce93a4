/**
 * The read side of stories: finds the visible rows (story-repository.ts) and turns each into the reader's view
 * (story-view.ts), asking the WeatherProvider only when a weather lock could actually open for this reader.
 */
import { UNLOCK_RADIUS_M } from '#common/constants';
import { haversineMetres } from '#common/geo';
import type { Story } from '#common/schemas';
import type { MediaUrlSigner } from '../../media/media-urls';
import type { WeatherProvider } from '../../weather/weather-provider';
import type { BoundingBox } from '#common/route-schemas';
import type { PageCursor, StoryRecord, StoryRepository } from './story-repository';
import { toStoryView } from './story-view';

export interface Reader {
  viewerId: string | null;
  location: { latitude: number; longitude: number } | null;
}

export interface StoryReadServiceDeps {
  repository: StoryRepository;
  signer: MediaUrlSigner;
  weather?: WeatherProvider;
  now?: () => Date;
}

export type StoryReadService = ReturnType<typeof createStoryReadService>;

export function createStoryReadService(deps: StoryReadServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function present(records: StoryRecord[], reader: Reader): Promise<Story[]> {
    const weather = await weatherFor(records, reader);
    const ctx = { viewerId: reader.viewerId, reader: reader.location, now: now(), signer: deps.signer, weather };
    return records.map((record) =>
      toStoryView(record, record.authorDisplayName, ctx, reader.viewerId ? { likedByMe: record.likedByMe } : {}),
    );
  }

  /** Current weather at the reader, fetched only when some weather-locked story is within unlock reach. */
  async function weatherFor(records: StoryRecord[], reader: Reader) {
    const location = reader.location;
    if (!deps.weather || !location) return undefined;
    const needed = records.some(
      (r) =>
        r.timeRestriction === 'weather' &&
        r.authorId !== reader.viewerId &&
        haversineMetres(location, r) <= UNLOCK_RADIUS_M,
    );
    return needed ? deps.weather.current(location.latitude, location.longitude) : undefined;
  }

  return {
    async nearby(reader: Reader & { location: NonNullable<Reader['location']> }, radius: number, limit: number) {
      const records = await deps.repository.nearby({ ...reader.location, radius, limit, viewerId: reader.viewerId });
      return present(records, reader);
    },

    async inBox(reader: Reader, box: BoundingBox, limit: number) {
      const centre = reader.location ?? {
        latitude: (box.south + box.north) / 2,
        longitude: box.west <= box.east ? (box.west + box.east) / 2 : normaliseLongitude((box.west + box.east + 360) / 2),
      };
      const records = await deps.repository.inBox({ box, centre, limit, viewerId: reader.viewerId });
      return present(records, reader);
    },

    async byId(reader: Reader, id: string): Promise<Story | undefined> {
      const record = await deps.repository.byId(id, reader.viewerId);
      return record ? (await present([record], reader))[0] : undefined;
    },

    async page(reader: Reader, args: { limit: number; cursor: PageCursor | null; authorId?: string }) {
      const page = await deps.repository.page({ ...args, viewerId: reader.viewerId });
      return { stories: await present(page.records, reader), next: page.next };
    },
  };
}

function normaliseLongitude(longitude: number): number {
  return longitude > 180 ? longitude - 360 : longitude;
}
