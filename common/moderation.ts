/**
 * Trust and safety (docs/design.md, rule 18, docs/moderation.md): roles, report reasons, moderation decisions, appeals, the
 * audit log and blocks — the contract of the /api/moderation…, /api/admin… and /api/blocks… calls, and the texts
 * both sides show (the statement of reasons, the reporter's outcome). The calls' schemas are
 * moderation-schemas.ts (no zod here: bench/README.md).
 */
import { say, words, type Words } from './words';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Why a story is reported, and why a moderator decides: one list, as codes (labels below). */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'sexual',
  'violence',
  'personal_info',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  sexual: 'Sexual content',
  violence: 'Violence or threats',
  personal_info: 'Personal information',
  illegal: 'Illegal content',
  other: 'Something else',
};

/** A stored reason's words (older reports hold free text, said as it is). */
const reasonWords = (reason: string): Words | string => {
  const label = REPORT_REASON_LABELS[reason as ReportReason] as string | undefined;
  return label === undefined ? reason : words(label);
};

export const MODERATION_LIMITS = {
  reportNoteMax: 500,
  appealMax: 1000,
  decisionNoteMax: 1000,
  appealWindowDays: 14,
  suspendDaysMin: 1,
  suspendDaysMax: 30,
  /** Per user and rolling 24 hours. */
  reportsPerDay: 30,
  appealsPerDay: 5,
  blocksPerDay: 30,
  queueMax: 100,
  auditPageMax: 200,
} as const;

/** Decisions on a story, by a moderator (auto_hide is the weighted reports' own, docs/design.md, rule 14). */
export const STORY_ACTIONS = ['dismiss', 'hide', 'restore', 'remove'] as const;
/** Decisions on an author. */
export const USER_ACTIONS = ['warn', 'suspend', 'ban'] as const;
export const DECISION_ACTIONS = ['auto_hide', ...STORY_ACTIONS, ...USER_ACTIONS, 'unban'] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];
export type UserAction = (typeof USER_ACTIONS)[number];
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
/** What the decision's subject may appeal (dismiss and restore go their way). */
export const APPEALABLE_ACTIONS: readonly DecisionAction[] = ['auto_hide', 'hide', 'remove', 'warn', 'suspend', 'ban'];
export const APPEAL_OUTCOMES = ['uphold', 'reverse'] as const;
export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Please choose a reason from the list.',
  reportNoteTooLong: `Note must be at most ${MODERATION_LIMITS.reportNoteMax} characters`,
  appealRequired: 'Please say why the decision should change.',
  appealTooLong: `Appeal must be at most ${MODERATION_LIMITS.appealMax} characters`,
  noteTooLong: `Note must be at most ${MODERATION_LIMITS.decisionNoteMax} characters`,
  moderatorsOnly: 'Only moderators can do this.',
  adminsOnly: 'Only admins can do this.',
  suspended: 'Your account is suspended: you can read stories but not publish, like or report until it ends.',
  banned: 'Your account is banned: you can read stories but not publish, like or report.',
  ownStory: 'You cannot moderate your own story or account.',
  onAdmin: 'Moderators cannot act on an admin.',
  onModerator: 'Only admins can act on a moderator.',
  sameModerator: 'Another moderator must decide this appeal.',
  appealOnce: 'This decision has already been appealed.',
  appealClosed: `Appeals are accepted within ${MODERATION_LIMITS.appealWindowDays} days of a decision.`,
  notAppealable: 'This decision cannot be appealed.',
  decisionNotFound: 'Decision not found',
  appealNotFound: 'Appeal not found',
  userNotFound: 'User not found',
  blockSelf: 'You cannot block yourself.',
  tooManyReports: 'You have sent many reports today. Please try again tomorrow.',
  tooManyAppeals: 'You have sent many appeals today. Please try again tomorrow.',
  tooManyBlocks: 'You have blocked many people today. Please try again tomorrow.',
  suspendDays: `Suspensions last from ${MODERATION_LIMITS.suspendDaysMin} to ${MODERATION_LIMITS.suspendDaysMax} days.`,
  lastAdmin: 'The last admin cannot give up the role.',
} as const;

export const REPORT_OUTCOME_TEXTS = {
  title: 'Your report',
  actionTaken: 'Action taken',
  noRuleBroken: 'No rule broken found',
} as const;

/** "Action taken" / "No rule broken found" about a story the reader reported; never who else reported it. */
export function reportOutcomeWords(actionTaken: boolean, storyTitle: string | null): Words {
  const outcome = words(actionTaken ? REPORT_OUTCOME_TEXTS.actionTaken : REPORT_OUTCOME_TEXTS.noRuleBroken);
  return storyTitle
    ? words('{0}: we reviewed your report about “{1}”. Thank you for helping.', outcome, storyTitle)
    : words('{0}: we reviewed your report. Thank you for helping.', outcome);
}

export const DECISION_TITLE = 'Moderation decision';

const WHAT_WAS_DECIDED: Record<DecisionAction, (title: string, days: number | null) => Words> = {
  auto_hide: (title) => words('Your story “{0}” was hidden', title),
  hide: (title) => words('Your story “{0}” was hidden', title),
  restore: (title) => words('Your story “{0}” was restored', title),
  remove: (title) => words('Your story “{0}” was removed permanently', title),
  dismiss: (title) => words('Reports about your story “{0}” were dismissed', title),
  warn: () => words('You received a warning'),
  suspend: (_title, days) =>
    words(
      days === 1
        ? 'Your account was suspended for {0} day: you can read but not publish, like or report'
        : 'Your account was suspended for {0} days: you can read but not publish, like or report',
      days ?? 0,
    ),
  ban: () =>
    words('Your account was banned: you can read but not publish, like or report, and your stories are hidden'),
  unban: () => words('Your account ban was lifted'),
};

/**
 * The statement of reasons (DSA art. 17 in spirit): what was decided, the reason, whether automatic or by a
 * person, and how to appeal. One sentence each, as the notification's message.
 */
export function statementOfReasonsWords(d: {
  action: DecisionAction;
  reason: string;
  automatic: boolean;
  storyTitle: string | null;
  suspendDays: number | null;
  note?: string | null;
}): Words {
  const what = WHAT_WAS_DECIDED[d.action](d.storyTitle ?? 'a removed story', d.suspendDays);
  const by = words(
    d.automatic ? 'Decided automatically after reports from several readers.' : 'Decided by a moderator.',
  );
  const appeal = APPEALABLE_ACTIONS.includes(d.action)
    ? words(' You can appeal once within {0} days from My Stories.', MODERATION_LIMITS.appealWindowDays)
    : '';
  return words('{0}. Reason: {1}. {2}{3}{4}', what, reasonWords(d.reason), by, moderatorNote(d.note), appeal);
}
export const statementOfReasons = (d: Parameters<typeof statementOfReasonsWords>[0]): string =>
  say(statementOfReasonsWords(d));

/** The moderator's own words to the author, as a sentence of the notice ("" without a note). */
function moderatorNote(note: string | null | undefined): Words | string {
  return note?.trim() ? words(' The moderator’s note: “{0}”', note.trim()) : '';
}

/**
 * How the queue weighs a story's open reports, in words: "1 report, from a new account: not counted toward
 * hiding", "3 reports: 2 counted toward hiding, 1 from a new account not counted". A report counts when its account was a day
 * old, had unlocked the story and may still report (docs/moderation.md, "Weight").
 */
export function reportWeightText(r: { open: number; counted: number; fromNewAccounts: number }): string {
  if (r.open === 0) return 'No open reports';
  const head = `${r.open} ${r.open === 1 ? 'report' : 'reports'}`;
  if (r.counted >= r.open) return `${head}, ${r.open === 1 ? 'counted' : 'all counted'} toward hiding`;
  const newAccounts = Math.min(r.fromNewAccounts, r.open - r.counted);
  const others = r.open - r.counted - newAccounts;
  const from = [
    ...(newAccounts > 0 ? [newAccounts === 1 ? 'a new account' : `${newAccounts} new accounts`] : []),
    ...(others > 0
      ? [
          others === 1
            ? 'a reader who had not unlocked it or may not report now'
            : `${others} readers who had not unlocked it or may not report now`,
        ]
      : []),
  ].join(' and ');
  if (r.counted === 0) return `${head}, from ${from}: not counted toward hiding`;
  return `${head}: ${r.counted} counted toward hiding, ${r.open - r.counted} from ${from} not counted`;
}

/** The moderator's note on its own line (My Stories, the story's hidden banner). */
export const moderatorNoteLine = (note: string) => `The moderator’s note: “${note.trim()}”`;

/** What the author's own story says when it is hidden (My Stories). */
export function hiddenNotice(m: { automatic: boolean; reason: string }): string {
  return m.automatic
    ? `Hidden after reports: ${say(reasonWords(m.reason))}`
    : `Hidden by a moderator: ${say(reasonWords(m.reason))}`;
}

export const APPEAL_RESOLVED_TITLE = 'Your appeal';
export function appealResolvedWords(
  outcome: 'upheld' | 'reversed',
  storyTitle: string | null,
  note: string | null = null,
): Words {
  const reversed = outcome === 'reversed';
  const sentence = storyTitle
    ? reversed
      ? words('Your appeal about “{0}” was accepted by another moderator: the decision is reversed.', storyTitle)
      : words('Your appeal about “{0}” was reviewed by another moderator: the decision stands.', storyTitle)
    : reversed
      ? words('Your appeal was accepted by another moderator: the decision is reversed.')
      : words('Your appeal was reviewed by another moderator: the decision stands.');
  return words('{0}{1}', sentence, moderatorNote(note));
}
export const appealResolvedMessage = (...args: Parameters<typeof appealResolvedWords>): string =>
  say(appealResolvedWords(...args));
