/**
 * The moderation texts `common/moderation.ts` and `common/traces.ts` say in English (for the server's notices and
 * the spec), said in the interface's language: report reasons, hidden notices, the moderator's note, and how the
 * queues weigh reports. The English catalogue says them word for word as the common functions do
 * (moderation-words.test.ts compares the two).
 */
import type { DecisionAction, ReportReason, Role } from '#common/moderation';
import { formatNumber } from './format';
import type { MessageId } from './message-ids';
import type { Translate } from './use-t';

const REASON_IDS: Record<ReportReason, MessageId> = {
  spam: 'moderation.reason.spam',
  harassment: 'moderation.reason.harassment',
  hate: 'moderation.reason.hate',
  sexual: 'moderation.reason.sexual',
  violence: 'moderation.reason.violence',
  personal_info: 'moderation.reason.personal_info',
  illegal: 'moderation.reason.illegal',
  other: 'moderation.reason.other',
};

/** A report reason's name; a code the interface does not know (a newer server) is shown as it is. */
export function reasonName(t: Translate, reason: string): string {
  const id = REASON_IDS[reason as ReportReason] as MessageId | undefined;
  return id ? t(id) : reason;
}

const DECISION_WORD_IDS: Record<DecisionAction, MessageId> = {
  auto_hide: 'moderation.decisionWord.auto_hide',
  hide: 'moderation.decisionWord.hide',
  restore: 'moderation.decisionWord.restore',
  remove: 'moderation.decisionWord.remove',
  dismiss: 'moderation.decisionWord.dismiss',
  warn: 'moderation.decisionWord.warn',
  suspend: 'moderation.decisionWord.suspend',
  ban: 'moderation.decisionWord.ban',
  unban: 'moderation.decisionWord.unban',
};

/** A decision's action as one word of a moderator's list ("auto hide", "suspend"). */
export const decisionWord = (t: Translate, action: DecisionAction) => t(DECISION_WORD_IDS[action]);

const DECISION_TITLE_IDS: Record<DecisionAction, MessageId> = {
  auto_hide: 'moderation.action.auto_hide',
  hide: 'moderation.action.hide',
  restore: 'moderation.action.restore',
  remove: 'moderation.action.remove',
  dismiss: 'moderation.action.dismiss',
  warn: 'moderation.action.warn',
  suspend: 'moderation.action.suspend',
  ban: 'moderation.action.ban',
  unban: 'moderation.action.unban',
};

/** A decision as its author reads it in My Stories ("Hidden by a moderator"). */
export const decisionTitle = (t: Translate, action: DecisionAction) => t(DECISION_TITLE_IDS[action]);

const ROLE_IDS: Record<Role, MessageId> = {
  user: 'moderation.role.user',
  moderator: 'moderation.role.moderator',
  admin: 'moderation.role.admin',
};
const ROLE_CHANGED_IDS: Record<Role, MessageId> = {
  user: 'moderation.roleChanged.user',
  moderator: 'moderation.roleChanged.moderator',
  admin: 'moderation.roleChanged.admin',
};

export const roleName = (t: Translate, role: Role) => t(ROLE_IDS[role]);
export const roleChanged = (t: Translate, username: string, role: Role) => t(ROLE_CHANGED_IDS[role], { username });

/** What the author's own hidden story says: by whom, and why. */
export function hiddenNoticeText(t: Translate, m: { automatic: boolean; reason: string }): string {
  const reason = reasonName(t, m.reason);
  return m.automatic ? t('moderation.hiddenAfterReports', { reason }) : t('moderation.hiddenByModerator', { reason });
}

export const moderatorNoteText = (t: Translate, note: string) => t('moderation.moderatorNote', { note: note.trim() });

interface ReportWeight {
  open: number;
  counted: number;
  fromNewAccounts: number;
}

/** The reports that do not count, split by why: from new accounts, and from readers who may not report. */
function uncounted(r: ReportWeight) {
  const newAccounts = Math.min(r.fromNewAccounts, r.open - r.counted);
  return { newAccounts, others: r.open - r.counted - newAccounts };
}

/** How the story queue weighs a story's open reports (docs/moderation.md, "Weight"). */
export function reportWeightWords(t: Translate, r: ReportWeight): string {
  if (r.open === 0) return t('moderation.weightNone');
  if (r.counted >= r.open) return t('moderation.weightAllCounted', { count: r.open });
  const { newAccounts, others } = uncounted(r);
  const parts = [
    newAccounts > 0 ? t('moderation.fromNewAccounts', { count: newAccounts }) : null,
    others > 0 ? t('moderation.fromOtherReaders', { count: others }) : null,
  ];
  const from =
    parts[0] && parts[1]
      ? t('moderation.fromBoth', { newAccounts: parts[0], others: parts[1] })
      : (parts[0] ?? parts[1]);
  const reports = t('moderation.weightReports', { count: r.open });
  if (r.counted === 0) return t('moderation.weightNoneCounted', { reports, from });
  return t('moderation.weightSomeCounted', {
    reports,
    from,
    counted: formatNumber(r.counted),
    notCounted: formatNumber(r.open - r.counted),
  });
}

/** How the trace queue weighs a trace's reports (traces are never hidden automatically: nothing "toward hiding"). */
export function traceReportWeightWords(t: Translate, r: ReportWeight): string {
  if (r.open === 0) return t('moderation.weightNone');
  if (r.counted >= r.open) return t('moderation.traceWeightAllCounted', { count: r.open });
  const { newAccounts, others } = uncounted(r);
  const parts = [
    newAccounts > 0 ? t('moderation.traceFromNewAccounts', { count: newAccounts }) : null,
    others > 0 ? t('moderation.traceFromOtherReaders', { count: others }) : null,
  ];
  const from =
    parts[0] && parts[1]
      ? t('moderation.traceFromBoth', { newAccounts: parts[0], others: parts[1] })
      : (parts[0] ?? parts[1]);
  return t('moderation.traceWeightSomeCounted', {
    reports: t('moderation.weightReports', { count: r.open }),
    counted: formatNumber(r.counted),
    from,
  });
}
