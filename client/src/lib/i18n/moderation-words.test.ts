import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#common/categories';
import {
  DECISION_ACTIONS,
  hiddenNotice,
  moderatorNoteLine,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportWeightText,
} from '#common/moderation';
import { traceReportWeightText } from '#common/traces';
import { categoryName } from './category-words';
import { activateLocale, translate } from './i18n';
import {
  decisionWord,
  hiddenNoticeText,
  moderatorNoteText,
  reasonName,
  reportWeightWords,
  traceReportWeightWords,
} from './moderation-words';

/** Every weight a queue can show: up to four reports, split every way between counted, new accounts and others. */
function weights() {
  const all: { open: number; counted: number; fromNewAccounts: number }[] = [];
  for (let open = 0; open <= 4; open++)
    for (let counted = 0; counted <= open; counted++)
      for (let fromNewAccounts = 0; fromNewAccounts <= open; fromNewAccounts++)
        all.push({ open, counted, fromNewAccounts });
  return all;
}

describe('moderation words in the interface language', () => {
  afterEach(() => activateLocale('en'));

  it('say in English exactly what the common texts say (the server and the spec)', async () => {
    await activateLocale('en');
    for (const reason of REPORT_REASONS) expect(reasonName(translate, reason)).toBe(REPORT_REASON_LABELS[reason]);
    for (const weight of weights()) {
      expect(reportWeightWords(translate, weight)).toBe(reportWeightText(weight));
      expect(traceReportWeightWords(translate, weight)).toBe(traceReportWeightText(weight));
    }
    for (const automatic of [true, false])
      expect(hiddenNoticeText(translate, { automatic, reason: 'hate' })).toBe(
        hiddenNotice({ automatic, reason: 'hate' }),
      );
    expect(moderatorNoteText(translate, '  Mind the names. ')).toBe(moderatorNoteLine('  Mind the names. '));
    for (const action of DECISION_ACTIONS) expect(decisionWord(translate, action)).toBe(action.replace('_', ' '));
    for (const category of CATEGORIES) expect(categoryName(translate, category)).toBe(category);
  });

  it('says them in Spanish and Arabic, and shows a code it does not know as it is', async () => {
    await activateLocale('es');
    expect(reasonName(translate, 'spam')).toBe('Spam o publicidad');
    expect(reportWeightWords(translate, { open: 3, counted: 1, fromNewAccounts: 2 })).toBe(
      '3 denuncias; contadas para ocultar: 1; sin contar, de 2 cuentas nuevas: 2',
    );
    expect(categoryName(translate, 'Science Fiction')).toBe('Ciencia ficción');
    await activateLocale('ar');
    expect(reportWeightWords(translate, { open: 1, counted: 1, fromNewAccounts: 0 })).toBe('بلاغ واحد، محسوب للإخفاء');
    expect(reasonName(translate, 'a-newer-reason')).toBe('a-newer-reason');
    expect(categoryName(translate, 'Unknown')).toBe('Unknown');
  });
});
