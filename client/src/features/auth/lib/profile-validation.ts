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

/**
 * The wizard's five choices. What a choice changes is one thing only: the home screen's suggestions add "Your
 * favourite: … stories" when whispers of that type are within 1.5 km (server smart-suggestions.ts); each says so.
 */
export const STORY_TYPE_CHOICES: readonly { value: FavoriteStoryType; label: string; blurb: string }[] = [
  { value: 'audio', label: 'Audio Stories', blurb: 'Home tells you when audio whispers are within 1.5 km.' },
  { value: 'text', label: 'Written Stories', blurb: 'Home tells you when text whispers are within 1.5 km.' },
  { value: 'image', label: 'Visual Stories', blurb: 'Home tells you when image whispers are within 1.5 km.' },
  { value: 'video', label: 'Video Stories', blurb: 'Home tells you when video whispers are within 1.5 km.' },
  { value: 'tiktok', label: 'TikTok Stories', blurb: 'Home tells you when TikTok whispers are within 1.5 km.' },
];

/** What choosing a favourite changes, said once above the choices. */
export const FAVORITE_EFFECT =
  'Your choice only adds a suggestion on the home screen when whispers of that type are near; every type stays on your map and lists, and you can still create any type.';

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
