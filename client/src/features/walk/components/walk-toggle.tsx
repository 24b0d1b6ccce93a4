/** Walk mode's toggle (docs/decisions/016-walk-mode-and-tours.md); the status lines and the found story's card are walk-panel.tsx. */
import { Footprints } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useT } from '#client/lib/i18n/use-t';
import type { Walk } from '../hooks/use-walk-mode';

/** The "Walk" / "Stop walking" toggle. */
export function WalkToggle({ walk, label, onStart }: { walk: Walk; label?: string; onStart?: () => void }) {
  const t = useT();
  return (
    <Button
      type="button"
      variant={walk.active ? 'secondary' : 'default'}
      aria-pressed={walk.active}
      // Where the found story's card gives the focus back when it is dismissed (walk-panel.tsx).
      data-walk-toggle=""
      onClick={() => {
        if (walk.active) return walk.stop();
        walk.start();
        // Still inside the tap: what needs a user gesture (iOS motion access) is asked here.
        onStart?.();
      }}
    >
      <Footprints aria-hidden />
      {walk.active ? t('walk.stop') : (label ?? t('walk.start'))}
    </Button>
  );
}
