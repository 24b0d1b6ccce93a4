/**
 * The rules of traces (docs/decisions/045-traces-read-where-left.md): a story's traces are read only by readers
 * for whom it is unlocked (the `unlocks` record) and by its author; everyone else gets the count. One trace per
 * reader, story and UTC day, TRACE_LIMITS.perAccountDaily a day per account (429 past either). Writers delete
 * their own; the story's author hides one with a reason (the writer is told and may appeal once, to the
 * moderators); anyone who can read a trace may report it.
 */
import type { Readable } from 'node:stream';
import type { StoryTraces, Trace } from '#common/trace-schemas';
import {
  TRACE_LIMITS,
  TRACE_MESSAGES,
  TRACE_NOTIFICATION_TEXTS,
  traceAppealDecidedWords,
  traceHiddenWords,
  tracesLeftWords,
} from '#common/traces';
import { words, type Words } from '#common/words';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unsupportedMediaType,
} from '../../lib/http-errors';
import type { PageCursor } from '../../lib/paging';
import { ImageTooLargeError, processImage, UnreadableImageError } from '../../media/images';
import type { MediaStore } from '../../media/media-store';
import { mimeTypeOfKey, sniffMedia } from '../../media/sniff';
import type { TraceRepository, TraceRow } from './trace-repository';

/** What traces tell people (the notifications module's port, given by the plugin). */
interface TraceNotices {
  traceAndFollowNotices(
    notices: {
      userId: string;
      type: 'trace_left' | 'trace_hidden';
      title: Words;
      message: Words;
      storyId: string | null;
    }[],
    options?: { grouped?: boolean },
  ): Promise<unknown>;
}

const SECONDS_TO_MIDNIGHT = () => {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
};

export type TraceService = ReturnType<typeof createTraceService>;

export function createTraceService(deps: {
  repository: TraceRepository;
  store: MediaStore;
  notices: TraceNotices;
  /** Seals page cursors: a cursor must not reveal a trace's time (location/page-cursor.ts). */
  cursors: { seal(cursor: PageCursor): string; open(token: string): PageCursor | null };
  photoPath: (traceId: string) => string;
  maxPhotoBytes: number;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repository } = deps;

  const view = (row: TraceRow, viewerId: string, isStoryAuthor: boolean): Trace => {
    const mine = row.writer_id === viewerId;
    return {
      id: row.id,
      storyId: row.story_id,
      text: row.text,
      writer: { displayName: row.writer_name },
      day: row.day,
      photoUrl: row.photo_key ? deps.photoPath(row.id) : null,
      mine,
      canHide: isStoryAuthor && !mine && !row.hidden,
      hidden: row.hidden,
      hiddenReason: mine || isStoryAuthor ? row.hidden_reason : null,
      canAppeal: mine && row.hidden && !row.appealed,
    };
  };

  async function readableTrace(viewerId: string, traceId: string) {
    const row = await repository.byId(traceId);
    if (!row) throw notFound(TRACE_MESSAGES.notFound);
    const story = await repository.storyFor(viewerId, row.story_id);
    const mine = row.writer_id === viewerId;
    const readable = story?.unlocked && (!row.hidden || mine || story.is_author);
    // A trace the viewer may not read is answered as if it did not exist.
    if (!story || !readable) throw notFound(TRACE_MESSAGES.notFound);
    return { row, story };
  }

  async function photoTarget(writerId: string, traceId: string) {
    const row = await repository.byId(traceId);
    if (!row || row.writer_id !== writerId) throw notFound(TRACE_MESSAGES.notFound);
    if (row.photo_key) throw conflict(TRACE_MESSAGES.photoOnlyOnce);
    return row;
  }

  return {
    async list(
      viewerId: string | null,
      storyId: string,
      query: { limit?: number; cursor?: string },
    ): Promise<{ body: StoryTraces; next: string | null }> {
      const story = await repository.storyFor(viewerId, storyId);
      if (!story) throw notFound('Story not found');
      // The story row's counter, not a count(*) per request (docs/decisions/050-trace-counts-on-cards.md).
      const count = story.trace_count;
      if (!viewerId || !story.unlocked)
        return { body: { count, readable: false, canLeave: false, traces: [] }, next: null };
      const cursor = query.cursor === undefined ? null : deps.cursors.open(query.cursor);
      if (query.cursor !== undefined && !cursor) throw badRequest('Invalid cursor');
      const limit = query.limit ?? TRACE_LIMITS.pageDefault;
      const rows = await repository.page(viewerId, storyId, limit, cursor);
      const pageRows = rows.slice(0, limit);
      const last = pageRows[pageRows.length - 1];
      const next =
        rows.length > limit && last ? deps.cursors.seal({ createdAt: last.created_text, id: last.id }) : null;
      const today = story.is_author || story.blocked ? null : await repository.leftToday(viewerId, storyId);
      const canLeave = today !== null && !today.onStory && today.today < TRACE_LIMITS.perAccountDaily;
      return {
        body: { count, readable: true, canLeave, traces: pageRows.map((row) => view(row, viewerId, story.is_author)) },
        next,
      };
    },

    async leave(writerId: string, storyId: string, text: string) {
      const story = await repository.storyFor(writerId, storyId);
      if (!story) throw notFound('Story not found');
      if (!story.unlocked) throw forbidden(TRACE_MESSAGES.notUnlocked);
      if (story.is_author || story.blocked) throw forbidden(TRACE_MESSAGES.blocked);
      const today = await repository.leftToday(writerId, storyId);
      if (today.onStory) throw tooManyRequests(TRACE_MESSAGES.oncePerDay, SECONDS_TO_MIDNIGHT());
      if (today.today >= TRACE_LIMITS.perAccountDaily)
        throw tooManyRequests(TRACE_MESSAGES.dailyCap, SECONDS_TO_MIDNIGHT());
      const row = await repository.insert(writerId, storyId, text);
      if (!row) throw tooManyRequests(TRACE_MESSAGES.oncePerDay, SECONDS_TO_MIDNIGHT());
      const unread = await repository.unreadCountFor(story.author_id, storyId);
      await deps.notices.traceAndFollowNotices(
        [
          {
            userId: story.author_id,
            type: 'trace_left',
            title: words(TRACE_NOTIFICATION_TEXTS.leftTitle),
            message: tracesLeftWords(Math.max(1, unread), story.title),
            storyId,
          },
        ],
        { grouped: true },
      );
      return view(row, writerId, false);
    },

    /** One photo per trace, by its writer: re-encoded (metadata gone) and kept in the story's media folder. */
    /** The writer's own trace without a photo yet (404 / 409 otherwise), checked before an upload is read. */
    photoTarget,

    async addPhoto(writerId: string, traceId: string, bytes: Buffer) {
      const row = await photoTarget(writerId, traceId);
      if (bytes.length > deps.maxPhotoBytes) throw payloadTooLarge('The photo is too large.');
      const accepted = sniffMedia('image', bytes);
      if (!accepted || accepted.container === 'heic')
        throw unsupportedMediaType('Unsupported image format: please choose a JPEG, PNG, WebP or GIF image.');
      let encoded;
      try {
        encoded = (await processImage(bytes, accepted.container)).image;
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw payloadTooLarge('The photo is too large.');
        if (error instanceof UnreadableImageError)
          throw unsupportedMediaType('The image could not be read. Please choose another image.');
        throw error;
      }
      const key = `stories/${row.story_id}/traces/${traceId}.${encoded.extension}`;
      await deps.store.putBuffer(key, encoded.data);
      if (!(await repository.setPhoto(traceId, writerId, key))) {
        await deps.store.delete(key);
        throw conflict(TRACE_MESSAGES.photoOnlyOnce);
      }
      return view({ ...row, photo_key: key }, writerId, false);
    },

    async photo(viewerId: string, traceId: string): Promise<{ stream: Readable; type: string }> {
      // Moderators see the photo of a trace that is before them (the queue), whether or not they stood there.
      const row = (await repository.moderatorMayRead(viewerId, traceId))
        ? await repository.byId(traceId)
        : (await readableTrace(viewerId, traceId)).row;
      if (!row) throw notFound(TRACE_MESSAGES.notFound);
      if (!row.photo_key) throw notFound(TRACE_MESSAGES.notFound);
      return { stream: deps.store.read(row.photo_key), type: mimeTypeOfKey(row.photo_key) };
    },

    async delete(writerId: string, traceId: string): Promise<void> {
      const removed = await repository.delete(traceId, writerId);
      if (!removed) {
        const row = await repository.byId(traceId);
        throw row && row.author_id === writerId
          ? forbidden(TRACE_MESSAGES.notYours)
          : notFound(TRACE_MESSAGES.notFound);
      }
      if (removed.photo_key) await deps.store.delete(removed.photo_key);
    },

    async hide(authorId: string, traceId: string, reason: string): Promise<void> {
      const row = await repository.byId(traceId);
      if (!row) throw notFound(TRACE_MESSAGES.notFound);
      if (row.author_id !== authorId) {
        // Someone who can read it learns they are not the author; anyone else learns nothing.
        await readableTrace(authorId, traceId);
        throw forbidden(TRACE_MESSAGES.notYourStory);
      }
      if (row.hidden) return;
      await repository.setHidden(traceId, reason);
      await deps.notices.traceAndFollowNotices([
        {
          userId: row.writer_id,
          type: 'trace_hidden',
          title: words(TRACE_NOTIFICATION_TEXTS.hiddenTitle),
          message: traceHiddenWords(row.title, reason),
          storyId: row.story_id,
        },
      ]);
    },

    async appeal(writerId: string, traceId: string, text: string): Promise<void> {
      const row = await repository.byId(traceId);
      if (!row || row.writer_id !== writerId) throw notFound(TRACE_MESSAGES.notFound);
      if (!row.hidden) throw badRequest(TRACE_MESSAGES.appealNotHidden);
      if (!(await repository.appeal(traceId, writerId, text))) throw conflict(TRACE_MESSAGES.appealOnce);
    },

    async report(
      userId: string,
      traceId: string,
      report: { reason: string; note?: string },
    ): Promise<{ created: boolean }> {
      const { row } = await readableTrace(userId, traceId);
      if (row.writer_id === userId) throw badRequest(TRACE_MESSAGES.ownTraceReport);
      return { created: await repository.report(traceId, userId, report.reason, report.note ?? null) };
    },

    async queue() {
      return (await repository.queue()).map((row) => ({
        traceId: row.id,
        storyId: row.story_id,
        storyTitle: row.title,
        text: row.text,
        writer: { displayName: row.writer_name },
        hidden: row.hidden,
        hiddenReason: row.hidden_reason,
        photoUrl: row.photo_key ? deps.photoPath(row.id) : null,
        reports: row.reports ?? [],
        counted: row.counted,
        fromNewAccounts: row.from_new_accounts,
        appeal: row.appeal,
      }));
    },

    /** A moderator's outcome; when it settles the writer's appeal, the writer is told (with the note, if any). */
    async moderate(traceId: string, action: 'hide' | 'restore' | 'dismiss', note?: string): Promise<void> {
      const resolved = await repository.resolve(traceId, action, 'Hidden by a moderator.');
      if (!resolved) throw notFound(TRACE_MESSAGES.notFound);
      if (!resolved.appealDecided) return;
      const row = await repository.byId(traceId);
      if (!row) return;
      await deps.notices.traceAndFollowNotices([
        {
          userId: row.writer_id,
          type: 'trace_hidden',
          title: words(TRACE_NOTIFICATION_TEXTS.appealTitle),
          message: traceAppealDecidedWords(row.title, action === 'restore', note?.trim() || null),
          storyId: row.story_id,
        },
      ]);
    },

    /** The export: the user's traces (photos as their path; the route is the writer's to read). */
    async exportOf(writerId: string) {
      return (await repository.ofWriter(writerId)).map((row) => ({
        id: row.id,
        storyId: row.story_id,
        storyTitle: row.title,
        text: row.text,
        day: row.day,
        hidden: row.hidden,
        photoUrl: row.photo_key ? deps.photoPath(row.id) : null,
      }));
    },

    /** After an account is gone: its traces' photos (a file that cannot be removed now is logged, never kept in a row). */
    async removePhotos(keys: readonly string[]): Promise<void> {
      for (const key of keys) {
        await deps.store
          .delete(key)
          .catch((error: unknown) => deps.log.warn({ err: error, key }, 'a trace photo could not be removed'));
      }
    },

    /** Photo keys of a user's traces, read before the account goes (the rows cascade, the files do not). */
    async photoKeysOf(writerId: string): Promise<string[]> {
      return (await repository.ofWriter(writerId)).flatMap((row) => (row.photo_key ? [row.photo_key] : []));
    },
  };
}
