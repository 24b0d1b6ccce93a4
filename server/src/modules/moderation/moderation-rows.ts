/** The moderation tables' rows as SQL returns them, and the decision as the contract shows it. */
import type { DecisionAction, Role } from '#common/moderation';
import type { Decision } from '#common/moderation-schemas';
import type { MediaColumn } from '#common/media-kinds';

export interface DecisionRow extends Record<string, unknown> {
  id: string;
  subject_user_id: string;
  story_id: string | null;
  story_title: string | null;
  moderator_id: string | null;
  action: DecisionAction;
  reason: string;
  note: string | null;
  suspend_days: number | null;
  reversed_at: Date | string | null;
  created_at: Date | string;
}

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toDecision(row: DecisionRow): Decision {
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    note: row.note,
    automatic: row.moderator_id === null,
    storyId: row.story_id,
    storyTitle: row.story_title,
    suspendDays: row.suspend_days,
    reversed: row.reversed_at !== null,
    createdAt: iso(row.created_at),
  };
}

/** A story as the queue reads it, with each media kind's key column (common/media-kinds.ts). */
export interface StoryForModeration extends Record<string, unknown>, Record<MediaColumn, string | null> {
  id: string;
  title: string;
  description: string | null;
  content: string | null;
  type: string;
  category: string;
  latitude: number;
  longitude: number;
  is_public: boolean;
  hidden: boolean;
  hidden_decision_id: string | null;
  created_at: Date | string;
  tiktok_url: string | null;
  author_id: string;
}

export interface SubjectRow extends Record<string, unknown> {
  id: string;
  username: string;
  display_name: string;
  role: Role;
  suspended_until: Date | string | null;
  banned: boolean;
}
