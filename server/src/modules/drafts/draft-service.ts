/**
 * Story drafts and planned tours (docs/decisions/060-story-drafts-and-routes-in.md): a draft keeps the creation
 * form's fields as sent (checked with the creation schema, its planned place standing in for the position) and the
 * raw uploaded file under `drafts/<id>/`. "Pin here" runs the ordinary creation with the stored fields and file at
 * the author's position, once that position is an accepted claim within 200 m of the planned place.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DRAFT_MESSAGES, DRAFTS } from '#common/drafts';
import type { Draft, PlannedTour } from '#common/draft-schemas';
import { haversineMetres, type Point } from '#common/geo';
import { createStoryFieldsSchema, type CreateStoryData } from '#common/schemas';
import { STORY_TYPE_UPLOAD, UPLOAD_MESSAGES, type MediaKind } from '#common/story-types';
import { isUuid } from '#common/route-schemas';
import type { CreateTourRequest, Tour } from '#common/tour-schemas';
import { badRequest, conflict, notFound, parseOrThrow, payloadTooLarge } from '../../lib/http-errors';
import type { MediaStore } from '../../media/media-store';
import { removeDraftMedia } from '../../media/story-media-removal';
import type { UploadedFile } from '../../media/pipeline';
import type { StoryRow } from '../stories';
import type { DraftRepository, DraftRow, TourDraftRow } from './draft-repository';
import { parseRouteFile, RouteImportError } from './route-import';

/**
 * How long a "Pin here" holds its claim on the draft: longer than any creation (a video's work queue included), so
 * only a process that stopped mid-pin lets it run out.
 */
const PIN_LEASE_SECONDS = 15 * 60;

export interface DraftServiceDeps {
  repository: DraftRepository;
  store: MediaStore;
  /** The ordinary story creation (app.stories.create): its claim rules, pin rule and media pipeline. */
  createStory: (
    authorId: string,
    request: { fields: Record<string, unknown>; files: Partial<Record<MediaKind, UploadedFile>>; workDir: string },
  ) => Promise<StoryRow>;
  /** The author's position claim, as creating a story judges it (location-guard.ts `checkPlacement`). */
  checkPlacement: (authorId: string, point: Point) => Promise<void>;
  /** The ordinary tour creation (app.tours). */
  createTour: (authorId: string, request: CreateTourRequest) => Promise<Tour>;
  log: { warn(obj: object, msg: string): void };
}

export interface DraftForm {
  fields: Record<string, string>;
  files: Partial<Record<MediaKind, UploadedFile>>;
}

export type DraftService = ReturnType<typeof createDraftService>;

/** The stored fields checked as a story would be: the planned place is the story's point. */
function checkFields(fields: Record<string, string>): CreateStoryData {
  return parseOrThrow(createStoryFieldsSchema, fields);
}

function toDraft(row: DraftRow): Draft {
  const type = createStoryFieldsSchema.safeParse(row.fields);
  return {
    id: row.id,
    title: row.fields.title?.trim() ?? '',
    type: type.success ? type.data.type : 'text',
    latitude: row.latitude,
    longitude: row.longitude,
    fields: row.fields,
    hasMedia: row.mediaKey !== null,
    tourDraftId: row.tourDraftId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPlannedTour(row: TourDraftRow): PlannedTour {
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    stops: row.stops.map((stop) => ({ ...stop, pinned: stop.storyId !== null })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only the fields the creation form knows are kept (the schema's own names). */
function storedFields(fields: Record<string, string>): Record<string, string> {
  const known = new Set(Object.keys(createStoryFieldsSchema.in.shape));
  return Object.fromEntries(Object.entries(fields).filter(([name]) => known.has(name)));
}

export function createDraftService(deps: DraftServiceDeps) {
  const { repository, store } = deps;

  async function ownDraft(authorId: string, id: string): Promise<DraftRow> {
    const row = isUuid(id) ? await repository.byId(authorId, id) : undefined;
    if (!row) throw notFound(DRAFT_MESSAGES.notFound);
    return row;
  }

  const removeMedia = (draftId: string) => removeDraftMedia(store, [draftId], deps.log);

  return {
    async create(authorId: string, form: DraftForm): Promise<Draft> {
      const fields = storedFields(form.fields);
      const data = checkFields(fields);
      const kind = STORY_TYPE_UPLOAD[data.type];
      const upload = kind ? form.files[kind] : undefined;
      if (kind && !upload) throw badRequest(UPLOAD_MESSAGES[kind].missing);
      if (kind && upload && upload.size === 0) throw badRequest(UPLOAD_MESSAGES[kind].empty);
      if ((await repository.countOf(authorId)) >= DRAFTS.maxPerAuthor) throw conflict(DRAFT_MESSAGES.tooMany);
      const id = crypto.randomUUID();
      const mediaKey = kind && upload ? `drafts/${id}/${kind}` : null;
      if (mediaKey && upload) await store.putFile(mediaKey, upload.path);
      try {
        const row = await repository.insert({
          id,
          authorId,
          latitude: data.latitude,
          longitude: data.longitude,
          fields,
          mediaKind: mediaKey ? kind : null,
          mediaKey,
          mediaSize: upload?.size ?? null,
        });
        return toDraft(row);
      } catch (error) {
        if (mediaKey) await store.delete(mediaKey);
        throw error;
      }
    },

    async list(authorId: string): Promise<Draft[]> {
      return (await repository.listOf(authorId)).map(toDraft);
    },

    /** Replaces the given text fields; the whole is checked again as a story would be. */
    async edit(authorId: string, id: string, changes: Record<string, string>): Promise<Draft> {
      const row = await ownDraft(authorId, id);
      const fields = storedFields({ ...row.fields, ...changes });
      const data = checkFields(fields);
      const kind = STORY_TYPE_UPLOAD[data.type];
      if (kind && row.mediaKind !== kind) throw badRequest(UPLOAD_MESSAGES[kind].missing);
      const updated = await repository.update(authorId, id, {
        fields,
        latitude: data.latitude,
        longitude: data.longitude,
      });
      if (!updated) throw notFound(DRAFT_MESSAGES.notFound);
      return toDraft(updated);
    },

    async delete(authorId: string, id: string): Promise<void> {
      await ownDraft(authorId, id);
      if (!(await repository.remove(authorId, id))) throw conflict(DRAFT_MESSAGES.pinning);
      await removeMedia(id);
    },

    /**
     * "Pin here": the position is judged as a claim first (its refusals are the claim rules' 400s), then it must
     * lie within 200 m of the planned place; the draft is then claimed, so a second pin of it meanwhile is refused
     * (409), and the story is made by the ordinary creation at that position.
     */
    async pin(authorId: string, id: string, position: Point, scratchDir: string): Promise<StoryRow> {
      const planned = await ownDraft(authorId, id);
      await deps.checkPlacement(authorId, position);
      if (haversineMetres(position, planned) > DRAFTS.pinReachM) throw badRequest(DRAFT_MESSAGES.tooFar);
      const row = await repository.claimForPin(authorId, id, PIN_LEASE_SECONDS);
      if (!row) throw conflict(DRAFT_MESSAGES.pinning);
      const workDir = await fsp.mkdtemp(path.join(scratchDir, 'draft-'));
      let story: StoryRow;
      try {
        const files: Partial<Record<MediaKind, UploadedFile>> = {};
        if (row.mediaKey && row.mediaKind) {
          const target = path.join(workDir, `upload-${row.mediaKind}`);
          await pipeline(store.read(row.mediaKey), fs.createWriteStream(target));
          files[row.mediaKind as MediaKind] = { path: target, size: (await fsp.stat(target)).size };
        }
        const fields = {
          ...row.fields,
          latitude: String(position.latitude),
          longitude: String(position.longitude),
        };
        story = await deps.createStory(authorId, { fields, files, workDir });
      } catch (error) {
        await repository.releasePin(authorId, id);
        throw error;
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
      await repository.remove(authorId, id, story.id);
      await removeMedia(id);
      return story;
    },

    /** A route file becomes a planned tour and one text draft per stop, in one transaction. */
    async importRoute(
      authorId: string,
      file: { fileName: string; text: string; title?: string },
    ): Promise<PlannedTour> {
      let route;
      try {
        route = parseRouteFile(new TextEncoder().encode(file.text), file.fileName);
      } catch (error) {
        if (error instanceof RouteImportError) {
          throw error.kind === 'too-large' ? payloadTooLarge(error.message) : badRequest(error.message);
        }
        throw error;
      }
      const title = file.title || route.name || route.stops[0]?.title || 'Planned tour';
      const stops = route.stops.map((stop, i) => {
        const stopTitle = stop.title || `Stop ${i + 1}`;
        const fields: Record<string, string> = {
          type: 'text',
          title: stopTitle,
          content: stop.description ?? '',
          latitude: String(stop.latitude),
          longitude: String(stop.longitude),
        };
        if (stop.description) fields.description = stop.description;
        return {
          latitude: stop.latitude,
          longitude: stop.longitude,
          title: stopTitle,
          suggested: stop.suggested,
          fields,
        };
      });
      const saved = await repository.insertPlannedTour(
        authorId,
        { title: title.slice(0, 100), path: route.path },
        stops,
        DRAFTS.maxPerAuthor,
      );
      if (!saved) throw conflict(DRAFT_MESSAGES.tooMany);
      return toPlannedTour(saved);
    },

    async plannedTours(authorId: string): Promise<PlannedTour[]> {
      return (await repository.plannedToursOf(authorId)).map(toPlannedTour);
    },

    /** A planned tour given up: it goes with the drafts of its stops not pinned yet, and their files. */
    async deletePlannedTour(authorId: string, id: string): Promise<void> {
      const draftIds = isUuid(id) ? await repository.removePlannedTourAndDrafts(authorId, id) : undefined;
      if (!draftIds) throw notFound(DRAFT_MESSAGES.tourNotFound);
      await removeDraftMedia(store, draftIds, deps.log);
    },

    /** A planned tour with at least two pinned stops becomes a real tour of its published stories, in order. */
    async publishPlannedTour(authorId: string, id: string): Promise<Tour> {
      const row = isUuid(id) ? await repository.plannedTour(authorId, id) : undefined;
      if (!row) throw notFound(DRAFT_MESSAGES.tourNotFound);
      const storyIds = row.stops.flatMap((stop) => (stop.storyId ? [stop.storyId] : []));
      if (storyIds.length < DRAFTS.minPinnedStopsToPublish) throw badRequest(DRAFT_MESSAGES.tourTooFewPinned);
      const tour = await deps.createTour(authorId, { title: row.title, description: null, storyIds });
      await repository.removePlannedTour(authorId, id);
      return tour;
    },
  };
}
