import { useReaderAccuracy } from '../../../lib/geolocation';
import { claimLockText, type ClaimLockReason } from '../lib/claim-lock-text';

/** Why a story stays locked when the reader's position claim was refused (issue 13), in plain words. */
export function ClaimLockLine({ reason, className }: { reason: ClaimLockReason; className?: string }) {
  const accuracy = useReaderAccuracy();
  return <span className={className}>{claimLockText(reason, accuracy)}</span>;
}
