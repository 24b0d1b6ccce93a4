/**
 * The JSON of a list of stories (common/schemas.ts `storySchema`), for the nearby reads: what every open app asks
 * for every few seconds, 50 stories an answer (issue 28). It writes what the route's compiled serialiser writes
 * (route-contract.ts `compileSerializer`: the schema's fields and nothing else; a unit test holds the two equal),
 * but a story's fixed fields — the ones that are the same for every reader until the story changes — are written
 * once and kept: most of an answer's stories were in the previous answer too.
 *
 * Kept per story id with the values they were written from; a story whose fixed fields changed (compared one by
 * one, so nothing goes stale) is written again. Bounded: the cache is emptied when it holds MAX_KEPT stories.
 */
import type { Story } from '#common/schemas';
import { storyModerationSchema } from '#common/moderation-schemas';
import { compileSerializer } from '../../plugins/route-contract';

/** The fields every reader of a story gets alike (until the story changes). */
type FixedField = Extract<
  keyof Story,
  | 'id'
  | 'title'
  | 'description'
  | 'duration'
  | 'wordCount'
  | 'latitude'
  | 'longitude'
  | 'category'
  | 'type'
  | 'authorId'
  | 'isPublic'
  | 'timeRestriction'
  | 'unlockStartTime'
  | 'unlockEndTime'
  | 'unlockSeason'
  | 'unlockWeather'
>;

/** The fields written per read (the reader's distance, lock, likes; the content once unlocked). */
type PerReadField = Extract<
  keyof Story,
  | 'author'
  | 'likes'
  | 'likedByMe'
  | 'reportedByMe'
  | 'moderation'
  | 'content'
  | 'audioUrl'
  | 'imageUrl'
  | 'thumbnailUrl'
  | 'videoUrl'
  | 'tiktokUrl'
  | 'tiktokVideoId'
  | 'timeZone'
  | 'createdAt'
  | 'distance'
  | 'isLocked'
  | 'lockReason'
  | 'lockReasons'
>;

/** Every field of a story is written: a field added to storySchema and not named above fails to compile. */
type Unwritten = Exclude<keyof Story, FixedField | PerReadField>;
const everyFieldWritten: [Unwritten] extends [never] ? true : { missing: Unwritten } = true;
void everyFieldWritten;

type FixedValues = Pick<Story, FixedField>;
interface Kept {
  values: FixedValues;
  json: string;
}

const MAX_KEPT = 200_000;
const kept = new Map<string, Kept>();

const writeModeration = compileSerializer(storyModerationSchema);

/** A story list as JSON, the same value as storySchema's compiled serialiser gives. */
export function storyListJson(stories: readonly Story[]): string {
  let out = '[';
  for (let i = 0; i < stories.length; i++) {
    if (i > 0) out += ',';
    out += storyJson(stories[i]!);
  }
  return out + ']';
}

function storyJson(story: Story): string {
  let out = fixedJson(story);
  out += ',"author":{"displayName":' + stringOrNull(story.author.displayName) + '},"likes":' + number(story.likes);
  if (story.likedByMe !== undefined) out += ',"likedByMe":' + boolean(story.likedByMe);
  if (story.reportedByMe !== undefined) out += ',"reportedByMe":' + boolean(story.reportedByMe);
  if (story.moderation !== undefined) out += ',"moderation":' + writeModeration(story.moderation);
  if (story.content !== undefined) out += ',"content":' + stringOrNull(story.content);
  if (story.audioUrl !== undefined) out += ',"audioUrl":' + stringOrNull(story.audioUrl);
  if (story.imageUrl !== undefined) out += ',"imageUrl":' + stringOrNull(story.imageUrl);
  if (story.thumbnailUrl !== undefined) out += ',"thumbnailUrl":' + stringOrNull(story.thumbnailUrl);
  if (story.videoUrl !== undefined) out += ',"videoUrl":' + stringOrNull(story.videoUrl);
  if (story.tiktokUrl !== undefined) out += ',"tiktokUrl":' + stringOrNull(story.tiktokUrl);
  if (story.tiktokVideoId !== undefined) out += ',"tiktokVideoId":' + stringOrNull(story.tiktokVideoId);
  if (story.timeZone !== undefined) out += ',"timeZone":' + string(story.timeZone);
  out += ',"createdAt":' + string(story.createdAt) + ',"distance":' + numberOrNull(story.distance);
  out += ',"isLocked":' + boolean(story.isLocked) + ',"lockReason":' + stringOrNull(story.lockReason);
  if (story.lockReasons !== undefined) out += ',"lockReasons":' + JSON.stringify(story.lockReasons);
  return out + '}';
}

/** The story's fixed fields as the start of its object (`{"id":…,…`), kept while they are unchanged. */
function fixedJson(story: Story): string {
  const held = kept.get(story.id);
  if (held !== undefined && sameFixed(held.values, story)) return held.json;
  const values: FixedValues = {
    id: story.id,
    title: story.title,
    description: story.description,
    duration: story.duration,
    wordCount: story.wordCount,
    latitude: story.latitude,
    longitude: story.longitude,
    category: story.category,
    type: story.type,
    authorId: story.authorId,
    isPublic: story.isPublic,
    timeRestriction: story.timeRestriction,
    unlockStartTime: story.unlockStartTime,
    unlockEndTime: story.unlockEndTime,
    unlockSeason: story.unlockSeason,
    unlockWeather: story.unlockWeather,
  };
  const json =
    '{"id":' + string(values.id) +
    ',"title":' + string(values.title) +
    ',"description":' + stringOrNull(values.description) +
    ',"duration":' + numberOrNull(values.duration) +
    ',"wordCount":' + numberOrNull(values.wordCount) +
    ',"latitude":' + number(values.latitude) +
    ',"longitude":' + number(values.longitude) +
    ',"category":' + string(values.category) +
    ',"type":' + string(values.type) +
    ',"authorId":' + string(values.authorId) +
    ',"isPublic":' + boolean(values.isPublic) +
    ',"timeRestriction":' + string(values.timeRestriction) +
    ',"unlockStartTime":' + stringOrNull(values.unlockStartTime) +
    ',"unlockEndTime":' + stringOrNull(values.unlockEndTime) +
    ',"unlockSeason":' + stringOrNull(values.unlockSeason) +
    ',"unlockWeather":' + stringOrNull(values.unlockWeather);
  if (kept.size >= MAX_KEPT) kept.clear();
  const flatJson = flattened(json);
  kept.set(story.id, { values, json: flatJson });
  return flatJson;
}

/** Field by field (the strings are mostly the very same strings the story index holds: a pointer compare). */
function sameFixed(a: FixedValues, b: Story): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.duration === b.duration &&
    a.wordCount === b.wordCount &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude &&
    a.category === b.category &&
    a.type === b.type &&
    a.authorId === b.authorId &&
    a.isPublic === b.isPublic &&
    a.timeRestriction === b.timeRestriction &&
    a.unlockStartTime === b.unlockStartTime &&
    a.unlockEndTime === b.unlockEndTime &&
    a.unlockSeason === b.unlockSeason &&
    a.unlockWeather === b.unlockWeather
  );
}

/**
 * The same text as one contiguous string. `+` builds a tree of pieces that V8 copies out whenever the text is
 * read whole; a kept head is read whole in every answer it is in (the reply's byte length), so it is copied out
 * once, now. Converting a string to a number makes V8 flatten it (the `flatstr` package's trick).
 */
function flattened(text: string): string {
  void Number(text);
  return text;
}

const string = (value: string) => JSON.stringify(value);
const stringOrNull = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const boolean = (value: boolean) => (value ? 'true' : 'false');
/** As JSON.stringify writes a number (a non-finite one, which the schema never holds, as null). */
const number = (value: number) => (Number.isFinite(value) ? String(value) : 'null');
const numberOrNull = (value: number | null) => (value === null ? 'null' : number(value));
