/**
 * Plain words for the locks the reader's position claim causes (docs/security.md, "Location: a position is a claim", docs/security.md): the server says
 * why (`lockReason`), the card and the story dialog say it to the reader.
 */
import type { LockReason } from '#common/schemas';
import { translate } from '#client/lib/i18n/i18n';

/** The English wording; screens say it through `turnOnLocationText()`, in the reader's language. */
export const TURN_ON_LOCATION = 'Turn on location to unlock stories';
export const turnOnLocationText = () => translate('lib.turnOnLocation');

export type ClaimLockReason = Extract<LockReason, 'location' | 'travel' | 'accuracy' | 'budget'>;

export function isClaimLock(reason: LockReason | null | undefined): reason is ClaimLockReason {
  return reason === 'location' || reason === 'travel' || reason === 'accuracy' || reason === 'budget';
}

/** The line to show for a claim lock; `accuracy` is the reader's current fix in metres, when known. */
export function claimLockText(reason: ClaimLockReason, accuracy: number | null): string {
  switch (reason) {
    case 'location':
      return turnOnLocationText();
    case 'travel':
      return translate('lib.lockTravel');
    case 'accuracy':
      return accuracy !== null && Number.isFinite(accuracy)
        ? translate('lib.lockAccuracy', { metres: Math.round(accuracy) })
        : translate('lib.lockAccuracyLow');
    case 'budget':
      return translate('lib.lockBudget');
  }
}

/** The accuracy claimed in a story read, rounded up to 10 m so GPS jitter does not refetch (undefined: none). */
export function accuracyClaim(accuracy: number | null): number | undefined {
  return accuracy !== null && Number.isFinite(accuracy) ? Math.ceil(accuracy / 10) * 10 : undefined;
}

/** The `accuracy` query parameter for a story read (`accuracy=20`, or '' without a claim), as query keys hold it. */
export function accuracyParam(accuracy: number | null): string {
  const claim = accuracyClaim(accuracy);
  return claim === undefined ? '' : `accuracy=${claim}`;
}
