import { lazy, Suspense, useCallback, useState } from 'react';
import { DEFAULT_CENTER } from '#common/constants';
import type { Point } from '#common/geo';

// The plan dialog (form, pickers, the map) is only downloaded when someone opens it.
const PlanStoryDialog = lazy(() => import('./plan-story-dialog'));

/**
 * Opens "Plan a story" (docs/decisions/060-story-drafts-and-routes-in.md): no position is needed — the map opens on
 * the reader's position when known, else on the default centre, and the author chooses the place.
 */
export function usePlanStoryLauncher() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [center, setCenter] = useState<Point>(DEFAULT_CENTER);

  const openPlan = useCallback((near: Point | null) => {
    setCenter(near ?? DEFAULT_CENTER);
    setMounted(true);
    setOpen(true);
  }, []);

  const dialog = mounted ? (
    <Suspense fallback={null}>
      <PlanStoryDialog open={open} onOpenChange={setOpen} center={center} />
    </Suspense>
  ) : null;

  return { openPlan, dialog };
}
