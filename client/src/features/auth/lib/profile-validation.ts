/**
 * Client-side checks of the profile form (wizard and edit mode) with the shared zod schemas, so the inline
 * messages are exactly the server's and the spec's (section 5).
 */
import type { ZodType } from 'zod';
import { FAVORITE_STORY_TYPES, setupRequestSchema, type SetupRequest } from '#common/schemas';

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
  return result.success ? undefined : result.error.issues[0]?.message;
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

/** The three wizard steps (docs/design.md, part 2) and the fields each one validates before "Next". */
export const WIZARD_STEPS = [
  { title: 'Create Your Identity', fields: ['username', 'displayName'] },
  { title: 'Tell Your Story', fields: ['bio'] },
  { title: 'Choose Your Magic', fields: ['favoriteStoryType'] },
] as const satisfies readonly { title: string; fields: readonly ProfileField[] }[];

export const STORY_TYPE_CHOICES: readonly { value: FavoriteStoryType; label: string; blurb: string }[] = [
  { value: 'audio', label: 'Audio Stories', blurb: 'Record your voice where the story happened.' },
  { value: 'text', label: 'Written Stories', blurb: 'Leave words for the next wanderer to find.' },
  { value: 'image', label: 'Visual Stories', blurb: 'Pin a picture to the place it was taken.' },
];

export function storyTypeLabel(value: string | null | undefined): string | undefined {
  return STORY_TYPE_CHOICES.find((choice) => choice.value === value)?.label;
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
