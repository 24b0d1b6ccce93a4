/**
 * Client-side checks of the profile form (wizard and edit mode) with the shared zod schemas, so the inline
 * messages are exactly the server's and the spec's (section 5).
 */
import type { ZodType } from 'zod';
import { FAVORITE_STORY_TYPES, setupRequestSchema, type SetupRequest } from '#common/schemas';
import { translate } from '#client/lib/i18n/i18n';
import type { MessageId } from '#client/lib/i18n/message-ids';
import { saySentence } from '#client/lib/i18n/i18n';

export type FavoriteStoryType = (typeof FAVORITE_STORY_TYPES)[number];

export interface ProfileValues {
  username: string;
  displayName: string;
  bio: string;
  favoriteStoryType: FavoriteStoryType | '';
}

export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

// The very schemas POST /api/user/setup parses with.
const fieldSchemas: Record<ProfileField, ZodType> = setupRequestSchema.shape;

export const PROFILE_FIELDS: readonly ProfileField[] = ['username', 'displayName', 'bio', 'favoriteStoryType'];

/** The first message of the field's shared schema, or undefined when the value is fine. */
export function validateProfileField(field: ProfileField, value: string): string | undefined {
  const result = fieldSchemas[field].safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message && saySentence(message);
}

export function validateProfile(
  values: ProfileValues,
  fields: readonly ProfileField[] = PROFILE_FIELDS,
): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of fields) {
    const message = validateProfileField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * The three wizard steps (docs/design.md, part 2) and the fields each one validates before "Next". The titles are
 * getters, read in the current language.
 */
export const WIZARD_STEPS = [
  {
    get title() {
      return translate('auth.stepIdentity');
    },
    fields: ['username', 'displayName'],
  },
  {
    get title() {
      return translate('auth.stepStory');
    },
    fields: ['bio'],
  },
  {
    get title() {
      return translate('auth.stepMagic');
    },
    fields: ['favoriteStoryType'],
  },
] as const satisfies readonly { readonly title: string; fields: readonly ProfileField[] }[];

/**
 * The wizard's five choices. What a choice changes is one thing only: the home screen's suggestions add "Your
 * favourite: … stories" when whispers of that type are within 1.5 km (server smart-suggestions.ts); each says so.
 */
const choice = (value: FavoriteStoryType, label: MessageId, blurb: MessageId) => ({
  value,
  get label() {
    return translate(label);
  },
  get blurb() {
    return translate(blurb);
  },
});

export const STORY_TYPE_CHOICES: readonly {
  value: FavoriteStoryType;
  readonly label: string;
  readonly blurb: string;
}[] = [
  choice('audio', 'auth.typeAudio', 'auth.blurbAudio'),
  choice('text', 'auth.typeText', 'auth.blurbText'),
  choice('image', 'auth.typeImage', 'auth.blurbImage'),
  choice('video', 'auth.typeVideo', 'auth.blurbVideo'),
  choice('tiktok', 'auth.typeTiktok', 'auth.blurbTiktok'),
];

/** What choosing a favourite changes, said once above the choices. */
export function favoriteEffect(): string {
  return translate('auth.favoriteEffect');
}

export function storyTypeLabel(value: string | null | undefined): string | undefined {
  return STORY_TYPE_CHOICES.find((c) => c.value === value)?.label;
}

export function isFavoriteStoryType(value: unknown): value is FavoriteStoryType {
  return typeof value === 'string' && (FAVORITE_STORY_TYPES as readonly string[]).includes(value);
}

/** The request body: trimmed text, an empty favourite sent as '' (no preference). */
export function toSetupRequest(values: ProfileValues): SetupRequest {
  return {
    username: values.username.trim(),
    displayName: values.displayName.trim(),
    bio: values.bio.trim(),
    favoriteStoryType: values.favoriteStoryType,
  };
}
