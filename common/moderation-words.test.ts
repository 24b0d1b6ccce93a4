import { describe, expect, it } from 'vitest';
import { appealResolvedMessage, reportWeightText, statementOfReasons } from './moderation';

describe('moderation words', () => {
  it('says how the queue weighs reports, in words', () => {
    expect(reportWeightText({ open: 1, counted: 0, fromNewAccounts: 1 })).toBe(
      '1 report, from a new account: not counted toward hiding',
    );
    expect(reportWeightText({ open: 1, counted: 1, fromNewAccounts: 0 })).toBe('1 report, counted toward hiding');
    expect(reportWeightText({ open: 3, counted: 3, fromNewAccounts: 0 })).toBe('3 reports, all counted toward hiding');
    expect(reportWeightText({ open: 3, counted: 2, fromNewAccounts: 1 })).toBe(
      '3 reports: 2 counted toward hiding, 1 from a new account not counted',
    );
    expect(reportWeightText({ open: 2, counted: 0, fromNewAccounts: 1 })).toBe(
      '2 reports, from a new account and a reader who had not unlocked it or may not report now: not counted toward hiding',
    );
    expect(reportWeightText({ open: 0, counted: 0, fromNewAccounts: 0 })).toBe('No open reports');
  });

  it('carries the moderator’s note to the author, and no id', () => {
    const statement = statementOfReasons({
      action: 'hide',
      reason: 'personal_info',
      automatic: false,
      storyTitle: 'The Cannon',
      suspendDays: null,
      note: 'Please rewrite it without their names and I will restore it.',
    });
    expect(statement).toBe(
      'Your story “The Cannon” was hidden. Reason: Personal information. Decided by a moderator. The moderator’s note: “Please rewrite it without their names and I will restore it.” You can appeal once within 14 days from My Stories.',
    );
    expect(appealResolvedMessage('reversed', 'The Cannon', 'Thank you for the rewrite.')).toBe(
      'Your appeal about “The Cannon” was accepted by another moderator: the decision is reversed. The moderator’s note: “Thank you for the rewrite.”',
    );
    expect(appealResolvedMessage('upheld', null)).toBe(
      'Your appeal was reviewed by another moderator: the decision stands.',
    );
  });
});
