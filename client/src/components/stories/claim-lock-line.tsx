import { useReaderAccuracy } from '#client/lib/geolocation';
import { claimLockText, type ClaimLockReason } from '#client/lib/location/claim-lock-text';

/** Why a story stays locked when the reader's position claim was refused (docs/security.md, "Location: a position is a claim"), in plain words. */
export function ClaimLockLine({ reason, className }: { reason: ClaimLockReason; className?: string }) {
  const accuracy = useReaderAccuracy();
  return <span className={className}>{claimLockText(reason, accuracy)}</span>;
}
