/**
 * The read side of stories: finds the visible rows (story-repository.ts) and turns each into the reader's view
 * (story-view.ts), asking the WeatherProvider only when a weather lock could actually open for this reader.
 */
import { UNLOCK_RADIUS_M } from '#common/constants';
import { haversineMetres, type Point } from '#common/geo';
import type { Story } from '#common/schemas';
import type { MapMarker } from '#common/map-schemas';
import type { MediaUrlSigner } from '../../media/media-urls';
import type { WeatherProvider } from '../../weather/weather-provider';
import type { BoundingBox } from '#common/route-schemas';
import type { LocationGuard, UnlockGate } from '../location';
import type { PageCursor, StoryRecord, StoryRepository } from './story-repository';
import { toMapMarker, toStoryView, type MarkerRow, type StoryViewContext } from './story-view';
import { addressKey } from '../../lib/client-address';

export interface Reader {
  viewerId: string | null;
  /** The reader's claimed position (null: unknown — nothing unlocks when a LocationGuard is configured). */
  location: Point | null;
  /** The fix's accuracy in metres, when the client sent one. */
  accuracy?: number | null;
  /** The client address: a visitor's claims are kept per address (IPv6 per /64) unless it has a reader id. */
  ip?: string;
  /** Another site made the browser send this read: its position is answered but is no claim (docs/security.md, "Hardening, third round"). */
  fromAnotherSite?: boolean;
  /** A signed-out browser's own reader id (its reader cookie): its claims are its own (docs/design.md, rule 15). */
  readerId?: string | null;
}

export interface StoryReadServiceDeps {
  repository: StoryRepository;
  signer: MediaUrlSigner;
  weather?: WeatherProvider;
  /** Checks the reader's position claim and unlock budget (docs/design.md, rule 11). */
  location?: LocationGuard;
  /** Told of each discoverable read by a signed-in reader at their own position (the notifications module). */
  nearbyReads?: NearbyReadListener;
  /** Names the populated place nearest a story's published position (the places module); absent: no names. */
  placeNameAt?: StoryViewContext['placeNameAt'];
  now?: () => Date;
}

/** The port a discoverable read reports through (story_nearby, story_unlocked, time_locked; docs/architecture.md, "Notifications"). */
interface NearbyReadListener {
  recordNearbyRead(viewerId: string, stories: Story[]): Promise<unknown>;
}

export type StoryReadService = ReturnType<typeof createStoryReadService>;

export function createStoryReadService(deps: StoryReadServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** What each story's view is decided with: the reader, the claim's gate, and the weather where it matters. */
  async function viewContext(records: readonly MarkerRow[], reader: Reader, claim: boolean): Promise<StoryViewContext> {
    const gate = claim ? await claimGate(reader) : undefined;
    const weather = gate?.refusal ? undefined : await weatherFor(records, reader);
    return {
      viewerId: reader.viewerId,
      reader: reader.location,
      now: now(),
      signer: deps.signer,
      weather,
      gate,
      placeNameAt: deps.placeNameAt,
    };
  }

  /** `claim: false`: the read is no position claim at all (a link preview): no gate, nothing recorded. */
  async function present(records: StoryRecord[], reader: Reader, { claim = true } = {}): Promise<Story[]> {
    const ctx = await viewContext(records, reader, claim);
    const views = records.map((record) =>
      toStoryView(
        record,
        record.authorDisplayName,
        ctx,
        reader.viewerId
          ? {
              likedByMe: record.likedByMe,
              reportedByMe: record.reportedByMe,
              unlockedByMe: record.unlockedByMe,
              moderation: record.moderation,
            }
          : {},
      ),
    );
    await ctx.gate?.commit();
    return views;
  }

  /** The map's markers: the same lock decisions (and unlocks recorded) as `present`, without building views. */
  async function presentMarkers(records: MarkerRow[], reader: Reader): Promise<MapMarker[]> {
    const ctx = await viewContext(records, reader, true);
    const markers = records.map((record) => toMapMarker(record, ctx));
    await ctx.gate?.commit();
    return markers;
  }

  /** The reader's position claim, judged once per read (location/location-guard.ts). */
  async function claimGate(reader: Reader): Promise<UnlockGate | undefined> {
    if (!deps.location) return undefined;
    return deps.location.gate(
      { userId: reader.viewerId, ip: reader.ip ?? '', readerId: reader.readerId ?? null },
      { position: reader.location, accuracy: reader.accuracy, fromAnotherSite: reader.fromAnotherSite },
    );
  }

  /**
   * Current weather at the reader, fetched only when some weather-locked story is within unlock reach. A
   * configured provider that fails answers null (weather locks then stay locked); no provider: undefined.
   */
  async function weatherFor(records: readonly MarkerRow[], reader: Reader) {
    const location = reader.location;
    if (!deps.weather || !location) return undefined;
    const needed = records.some(
      (r) =>
        r.timeRestriction === 'weather' &&
        r.authorId !== reader.viewerId &&
        haversineMetres(location, r) <= UNLOCK_RADIUS_M,
    );
    if (!needed) return undefined;
    return deps.weather.current(location.latitude, location.longitude).catch(() => null);
  }

  /** `language`: only stories in that language, chosen before the cap (docs/decisions/061-stories-carry-their-language.md). */
  async function nearby(
    reader: Reader & { location: NonNullable<Reader['location']> },
    radius: number,
    limit: number,
    language: string | null = null,
  ) {
    const records = await deps.repository.nearby({
      ...reader.location,
      radius,
      limit,
      language,
      ...readerKeys(reader),
    });
    return present(records, reader);
  }

  /** The viewport's stories around the reader (or the box's centre when the reader's position is not known). */
  function boxQuery(reader: Reader, box: BoundingBox, limit: number, language: string | null) {
    const centre = reader.location ?? {
      latitude: (box.south + box.north) / 2,
      longitude: box.west <= box.east ? (box.west + box.east) / 2 : normaliseLongitude((box.west + box.east + 360) / 2),
    };
    return { box, centre, limit, language, ...readerKeys(reader) };
  }

  return {
    nearby,

    /** The map around the reader as markers (no content, media or likes is fetched for them). */
    async nearbyMarkers(
      reader: Reader & { location: NonNullable<Reader['location']> },
      radius: number,
      limit: number,
      language: string | null = null,
    ) {
      const rows = await deps.repository.nearbyMarkers({
        ...reader.location,
        radius,
        limit,
        language,
        ...readerKeys(reader),
      });
      return presentMarkers(rows, reader);
    },

    /** The discoverable read: `nearby`, then the signed-in reader's nearby notifications (not for another site's read). */
    async discoverable(reader: Reader & { location: NonNullable<Reader['location']> }, radius: number, limit: number) {
      const stories = await nearby(reader, radius, limit);
      if (reader.viewerId && !reader.fromAnotherSite)
        await deps.nearbyReads?.recordNearbyRead(reader.viewerId, stories);
      return stories;
    },

    /**
     * Stories around a point that is NOT the reader's position (location denied: the client's default centre).
     * Nothing unlocks and no distance is given: every other reader's story is locked with "location".
     */
    async around(
      reader: Omit<Reader, 'location' | 'accuracy'>,
      centre: NonNullable<Reader['location']>,
      radius: number,
      limit: number,
    ) {
      const records = await deps.repository.nearby({ ...centre, radius, limit, ...readerKeys(reader) });
      return present(records, { ...reader, location: null });
    },

    async inBox(reader: Reader, box: BoundingBox, limit: number, language: string | null = null) {
      return present(await deps.repository.inBox(boxQuery(reader, box, limit, language)), reader);
    },

    /** The viewport as markers (no content, media or likes is fetched for them). */
    async inBoxMarkers(reader: Reader, box: BoundingBox, limit: number, language: string | null = null) {
      return presentMarkers(await deps.repository.inBoxMarkers(boxQuery(reader, box, limit, language)), reader);
    },

    async byId(reader: Reader, id: string): Promise<Story | undefined> {
      const record = await deps.repository.byId(id, reader.viewerId);
      return record ? (await present([record], reader))[0] : undefined;
    },

    /** A story as a visitor with no position sees it (a shared link's preview): public and unhidden only, locked. */
    async preview(id: string): Promise<Story | undefined> {
      const record = await deps.repository.byId(id, null);
      return record ? (await present([record], { viewerId: null, location: null }, { claim: false }))[0] : undefined;
    },

    async page(
      reader: Reader,
      args: { limit: number; cursor: PageCursor | null; authorId?: string; followedBy?: string },
    ) {
      const page = await deps.repository.page({ ...args, viewerId: reader.viewerId });
      return { stories: await present(page.records, reader), next: page.next };
    },
  };
}

/** Who reads, for the story index's read-your-writes: the user, and the client address (IPv6 by /64). */
function readerKeys(reader: Pick<Reader, 'viewerId' | 'ip'>) {
  return { viewerId: reader.viewerId, readerAddress: reader.ip === undefined ? undefined : addressKey(reader.ip) };
}

function normaliseLongitude(longitude: number): number {
  return longitude > 180 ? longitude - 360 : longitude;
}
