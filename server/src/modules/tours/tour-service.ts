/**
 * Walking tours (docs/decisions/016-walk-mode-and-tours.md): the author's rules (their own public stories, 2-20 stops, consecutive stops within
 * 10 km, 20 new tours a day) and the reader's view (visible stops only, progress from the unlock record).
 * A tour with fewer than 2 visible stops is shown to nobody but its author, who is told why.
 */
import { haversineMetres, type Point } from '#common/geo';
import { hiddenNotice } from '#common/moderation';
import { isUuid } from '#common/route-schemas';
import { firstLongLeg, TOUR_MESSAGES, TOURS, tourMeasures } from '#common/tours';
import type { CreateTourRequest, EditTourRequest, Tour, TourSummary } from '#common/tour-schemas';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/http-errors';
import { seenByEveryone } from '../../db/visibility';
import type { DroppedStop, StopRow, TourCursor, TourRepository, TourRow } from './tour-repository';

const DAY_MS = 24 * 60 * 60_000;

export type TourService = ReturnType<typeof createTourService>;

export function createTourService(deps: {
  repository: TourRepository;
  /** The populated place nearest a point (the places module): a tour says where it starts; absent, it does not. */
  placeNameAt?: (point: Point) => string | null;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The stops must be the author's own public, unhidden stories, each within 10 km of the one before. */
  async function checkStops(authorId: string, storyIds: string[]) {
    const ids = storyIds.map((id) => id.toLowerCase());
    const found = await deps.repository.candidates(ids, authorId);
    const ordered = ids.map((id) => found.get(id));
    // Other people's public stories: 403; a story that is not there or not visible to the author: 400.
    if (ordered.some((story) => story && story.authorId !== authorId)) throw forbidden(TOUR_MESSAGES.notYourStory);
    if (ordered.some((story) => !story)) throw badRequest(TOUR_MESSAGES.storyNotFound);
    if (ordered.some((story) => !seenByEveryone(story!))) throw badRequest(TOUR_MESSAGES.privateStory);
    const leg = firstLongLeg(ordered.map((story) => story!));
    if (leg) throw badRequest(TOUR_MESSAGES.legTooLong(leg.from, leg.to, (leg.metres / 1000).toFixed(1)));
    return ids;
  }

  /** 404 when the tour is missing or not visible to the user, 403 when it is someone else's. */
  async function ownTour(userId: string, tourId: string): Promise<TourRow> {
    const tour = isUuid(tourId) ? await deps.repository.byId(tourId) : undefined;
    if (!tour) throw notFound(TOUR_MESSAGES.notFound);
    if (tour.authorId !== userId) {
      const stops = (await deps.repository.stopsOf([tour.id], userId)).get(tour.id) ?? [];
      if (stops.length < TOURS.minStops) throw notFound(TOUR_MESSAGES.notFound);
      throw forbidden(TOUR_MESSAGES.notTheAuthor);
    }
    return tour;
  }

  function summaryOf(row: TourRow, stops: StopRow[], reader: Point | null): TourSummary {
    const start = stops[0] ?? { latitude: 0, longitude: 0 };
    // From the first visible stop's published position, which the summary gives anyway.
    const placeName = stops.length ? deps.placeNameAt?.(start) : null;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      authorId: row.authorId,
      author: { displayName: row.authorDisplayName },
      stopCount: stops.length,
      ...tourMeasures(stops),
      start: { latitude: start.latitude, longitude: start.longitude },
      distance:
        reader && stops.length ? Math.round(Math.min(...stops.map((stop) => haversineMetres(reader, stop)))) : null,
      createdAt: row.createdAt.toISOString().slice(0, 10),
      ...(placeName ? { placeName } : {}),
    };
  }

  async function view(row: TourRow, viewerId: string | null): Promise<Tour | undefined> {
    const stops = (await deps.repository.stopsOf([row.id], viewerId)).get(row.id) ?? [];
    const isAuthor = row.authorId === viewerId;
    const hiddenFromReaders = stops.length < TOURS.minStops;
    if (hiddenFromReaders && !isAuthor) return undefined;
    let notice: string | null = null;
    if (isAuthor) {
      // Which stop left and why, not only how many (docs/decisions/051-walker-stumbles-fourth-round.md).
      const dropped = await deps.repository.droppedStops(row.id, row.authorId);
      notice =
        [hiddenFromReaders ? TOUR_MESSAGES.hiddenForAuthor : null, ...dropped.map(droppedNotice)]
          .filter(Boolean)
          .join(' ') || null;
    }
    const foundCount = stops.filter((stop) => stop.unlocked).length;
    return {
      ...summaryOf(row, stops, null),
      stops: stops.map((stop, i) => ({ ...stop, position: i + 1 })),
      foundCount,
      complete: stops.length > 0 && foundCount === stops.length,
      hiddenFromReaders,
      notice,
    };
  }

  return {
    async create(authorId: string, request: CreateTourRequest): Promise<Tour> {
      const recent = await deps.repository.createdSince(authorId, new Date(now().getTime() - DAY_MS));
      if (recent >= TOURS.createPerDay) throw tooManyRequests(TOUR_MESSAGES.tooMany, DAY_MS / 1000);
      const storyIds = await checkStops(authorId, request.storyIds);
      const id = await deps.repository.insert({
        authorId,
        title: request.title,
        description: request.description || null,
        storyIds,
      });
      return (await view((await deps.repository.byId(id))!, authorId))!;
    },

    async edit(authorId: string, tourId: string, changes: EditTourRequest): Promise<Tour> {
      await ownTour(authorId, tourId);
      const storyIds = changes.storyIds ? await checkStops(authorId, changes.storyIds) : undefined;
      const values = {
        title: changes.title,
        description: changes.description === undefined ? undefined : changes.description || null,
        storyIds,
      };
      if (!(await deps.repository.update(tourId, authorId, values))) throw notFound(TOUR_MESSAGES.notFound);
      return (await view((await deps.repository.byId(tourId))!, authorId))!;
    },

    async delete(authorId: string, tourId: string): Promise<void> {
      await ownTour(authorId, tourId);
      if (!(await deps.repository.delete(tourId, authorId))) throw notFound(TOUR_MESSAGES.notFound);
    },

    async byId(viewerId: string | null, tourId: string): Promise<Tour> {
      const row = isUuid(tourId) ? await deps.repository.byId(tourId) : undefined;
      const tour = row ? await view(row, viewerId) : undefined;
      if (!tour) throw notFound(TOUR_MESSAGES.notFound);
      return tour;
    },

    async page(args: {
      viewerId: string | null;
      near?: Point;
      authorId?: string;
      limit: number;
      cursor: TourCursor | null;
    }): Promise<{ tours: TourSummary[]; next: TourCursor | null }> {
      const near = args.near ? { ...args.near, radius: TOURS.nearbyRadiusM } : undefined;
      const page = await deps.repository.page({ ...args, near });
      const stops = await deps.repository.stopsOf(
        page.rows.map((row) => row.id),
        args.viewerId,
      );
      return {
        tours: page.rows.map((row) => summaryOf(row, stops.get(row.id) ?? [], args.near ?? null)),
        next: page.next,
      };
    },
  };
}

/** "“The Cannon” left this tour: Hidden by a moderator: Personal information." */
const droppedNotice = (stop: DroppedStop) =>
  `“${stop.title}” left this tour: ${
    stop.decision ? `${hiddenNotice(stop.decision)}.` : stop.hidden ? 'hidden by moderation.' : 'you made it private.'
  }`;
