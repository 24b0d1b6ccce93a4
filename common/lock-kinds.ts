/**
 * The lock kinds described once (docs/decisions/012-module-fences.md): each kind's stored fields (their column and value type), the
 * lock reasons it yields, whether a reader can wait for it, its discovery status, its use of the story's clock and
 * its sentence. The fields' checks (the form values create and edit take, with the spec's messages, and the value
 * a story answer carries) are lock-schemas.ts, kept apart so the first screen reads this without zod (bench/README.md).
 * The contract (create, edit, `storySchema`, the export), the story view and the story index's card columns,
 * creation, editing, the export, notifications and the client all read this, so a new kind is its kind in
 * enums.ts, its field and its entry here and in lock-schemas.ts, its rule in locks.ts, its picker and a migration
 * (docs/architecture.md, "Add a lock kind"). A new field is also named in the nearby read's three literals (the
 * story index's card and record, the story view: no spread there, bench/README.md); TypeScript points at each.
 */
import {
  SEASONS,
  TIME_RESTRICTIONS,
  WEATHERS,
  type LockReason,
  type Season,
  type TimeRestriction,
  type Weather,
} from './enums';

/** The spec's messages for the lock fields (section 5, word for word). */
export const LOCK_MESSAGES = {
  timeRestriction: `Time restriction must be one of: ${TIME_RESTRICTIONS.join(', ')}`,
  season: `Season must be one of: ${SEASONS.join(', ')}`,
  weather: `Weather must be one of: ${WEATHERS.join(', ')}`,
  timeWindow: 'Time-of-day locks need both a start and an end time (HH:MM).',
} as const;

/** Each lock field and the type of its value (the checks of both are lock-schemas.ts). */
export interface LockFieldTypes {
  unlockStartTime: string;
  unlockEndTime: string;
  unlockSeason: Season;
  unlockWeather: Weather;
}

/** A value of each lock field that its schema accepts: a new field must bring one (the kinds-handled test uses them). */
export const LOCK_FIELD_EXAMPLES: LockFieldTypes = {
  unlockStartTime: '09:00',
  unlockEndTime: '17:00',
  unlockSeason: 'summer',
  unlockWeather: 'sunny',
};

/** Every lock field, in the order the API sends them, and its column in `stories`. */
const LOCK_FIELD_COLUMNS = {
  unlockStartTime: 'unlock_start_time',
  unlockEndTime: 'unlock_end_time',
  unlockSeason: 'unlock_season',
  unlockWeather: 'unlock_weather',
} as const satisfies Record<keyof LockFieldTypes, string>;
export type LockField = keyof typeof LOCK_FIELD_COLUMNS;
export const LOCK_FIELDS = Object.keys(LOCK_FIELD_COLUMNS) as LockField[];
/** The lock fields' columns, in LOCK_FIELDS' order (the story index's card query). */
export const LOCK_COLUMNS = LOCK_FIELDS.map((field) => LOCK_FIELD_COLUMNS[field]);

/** A story's lock values: each field's value, or null. */
export type LockValues = { [F in LockField]: LockFieldTypes[F] | null };
/** A form's lock values ('' for not set), as the create dialog and the edit form hold them. */
export type LockDraftValues = { [F in LockField]: LockFieldTypes[F] | '' };

/** A kind's own discovery status line: its kind and colour (the legend says what each colour means). */
export interface LockStatus {
  kind: 'weather' | 'season';
  colour: 'blue' | 'orange';
}

/** "18:00 - 06:00" for a complete time-of-day window, else null. */
export function timeWindowText(lock: Pick<LockValues, 'unlockStartTime' | 'unlockEndTime'>): string | null {
  return lock.unlockStartTime && lock.unlockEndTime ? `${lock.unlockStartTime} - ${lock.unlockEndTime}` : null;
}

interface LockKind {
  /** The fields this kind reads, each required for the lock to be complete. */
  fields: readonly LockField[];
  /** What edit says when one of them is missing (on the first field). */
  incomplete: string | null;
  /** The lock reasons it yields. */
  reasons: readonly LockReason[];
  /** A reader can wait for it (the time_locked notification); weather unlocks with story_unlocked instead. */
  waitable: boolean;
  /** Its discovery status line when it is not a time window (common/discovery-status.ts). */
  status: LockStatus | null;
  /** Deciding it needs the story's local clock (its time zone, looked up only then: story-view.ts). */
  localClock: boolean;
  /** Its sentence names the clock, so a story answer carries `timeZone` with it. */
  namesTimeZone: boolean;
  /**
   * Its sentence (docs/design.md, part 4, word for word; time-lock-text.ts `timeLockText`), or null when a value is
   * missing (such a lock never locks). `zone` is the story's clock as people say it, when known.
   */
  sentence: (lock: LockValues, zone: () => string | null) => string | null;
}

const noClock = { localClock: false, namesTimeZone: false } as const;

export const LOCK_KINDS = {
  none: { fields: [], incomplete: null, reasons: [], waitable: false, status: null, ...noClock, sentence: () => null },
  time_of_day: {
    fields: ['unlockStartTime', 'unlockEndTime'],
    incomplete: LOCK_MESSAGES.timeWindow,
    reasons: ['time_of_day'],
    waitable: true,
    status: null,
    localClock: true,
    namesTimeZone: true,
    sentence: (lock, zone) => {
      const window = timeWindowText(lock);
      if (!window) return null;
      const clock = zone();
      return clock ? `Unlocks ${window} (${clock})` : `Unlocks ${window}`;
    },
  },
  season: {
    fields: ['unlockSeason'],
    incomplete: LOCK_MESSAGES.season,
    reasons: ['season'],
    waitable: true,
    status: { kind: 'season', colour: 'orange' },
    localClock: true,
    namesTimeZone: false,
    sentence: (lock) => (lock.unlockSeason ? `Available in ${lock.unlockSeason}` : null),
  },
  weather: {
    fields: ['unlockWeather'],
    incomplete: LOCK_MESSAGES.weather,
    reasons: ['weather'],
    waitable: false,
    status: { kind: 'weather', colour: 'blue' },
    ...noClock,
    sentence: (lock) => (lock.unlockWeather ? `Unlocks during ${lock.unlockWeather} weather` : null),
  },
} as const satisfies Record<TimeRestriction, LockKind>;

/** The lock reasons a story's own time lock yields (not distance, not the reader's claim). */
const TIME_LOCK_REASONS: ReadonlySet<LockReason> = new Set(
  TIME_RESTRICTIONS.flatMap((kind) => LOCK_KINDS[kind].reasons),
);
export const isTimeLockReason = (reason: LockReason | null | undefined): boolean =>
  !!reason && TIME_LOCK_REASONS.has(reason);

/** The kinds a reader can wait for (the time_locked notification), and the lock reasons they yield. */
export const WAITABLE_LOCKS: ReadonlySet<TimeRestriction> = new Set(
  TIME_RESTRICTIONS.filter((kind) => LOCK_KINDS[kind].waitable),
);
export const WAITABLE_LOCK_REASONS: ReadonlySet<LockReason> = new Set(
  [...WAITABLE_LOCKS].flatMap((kind) => LOCK_KINDS[kind].reasons),
);

const usesField = (restriction: TimeRestriction, field: LockField) =>
  (LOCK_KINDS[restriction].fields as readonly LockField[]).includes(field);

/**
 * The stored lock values for `restriction` from what a form sent: the kind's own fields ('' → null), every other
 * field null. The values were checked by lock-schemas.ts.
 */
export function lockValuesFor(
  restriction: TimeRestriction,
  sent: Partial<Record<LockField, string | null>>,
): LockValues {
  return Object.fromEntries(
    LOCK_FIELDS.map((field) => [field, usesField(restriction, field) ? sent[field] || null : null]),
  ) as LockValues;
}

/** Only the lock fields of a record (a row, a card, a story), in LOCK_FIELDS' order. */
export function pickLockValues<T extends LockValues>(source: T): LockValues {
  return lockValuesAt((i) => source[LOCK_FIELDS[i]!]);
}

/**
 * The lock values from `valueAt(i)`, i being the field's index in LOCK_FIELDS. A plain loop rather than
 * Object.fromEntries: the reads build these for each story of an answer (up to 1,000), so no arrays per story.
 */
export function lockValuesAt(valueAt: (index: number) => unknown): LockValues {
  const values: Partial<Record<LockField, unknown>> = {};
  for (let i = 0; i < LOCK_FIELDS.length; i++) values[LOCK_FIELDS[i]!] = valueAt(i);
  return values as LockValues;
}

/** The message and field when `restriction` lacks a field it needs, else null (edit replaces a lock as a whole). */
export function incompleteLock(
  restriction: TimeRestriction,
  sent: Partial<Record<LockField, string | null>>,
): { message: string; field: LockField } | null {
  const kind = LOCK_KINDS[restriction];
  if (kind.incomplete === null || kind.fields.every((field) => sent[field])) return null;
  return { message: kind.incomplete, field: kind.fields[0] };
}

/** The kind's own fields of a form, as they are (the edit request: the lock is replaced as a whole). */
export function lockRequestFields(restriction: TimeRestriction, draft: LockDraftValues): Partial<LockDraftValues> {
  return Object.fromEntries(
    (LOCK_KINDS[restriction].fields as readonly LockField[]).map((field) => [field, draft[field]]),
  );
}

/** The fields the create form sends for its lock: the kind's own, only when every one is set (docs/design.md, part 5). */
export function lockFormFields(restriction: TimeRestriction, draft: LockDraftValues): Partial<LockDraftValues> {
  const fields = LOCK_KINDS[restriction].fields as readonly LockField[];
  return fields.every((field) => draft[field]) ? lockRequestFields(restriction, draft) : {};
}

/** A story's lock values as form values (null → ''). */
export function lockDraftOf(values: LockValues): LockDraftValues {
  return Object.fromEntries(LOCK_FIELDS.map((field) => [field, values[field] ?? ''])) as LockDraftValues;
}

/** The empty form values. */
export const EMPTY_LOCK_DRAFT: LockDraftValues = lockDraftOf(lockValuesFor('none', {}));
