import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Location } from '#common/schemas';
import { ToastAction } from '../../../components/ui/toaster';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { requestPosition } from '../../../lib/geolocation';
import { useCurrentUser } from '../../auth/api/get-current-user';

// The create dialog (recorder, pickers, preview) is only downloaded when someone opens it.
const CreateStoryDialog = lazy(() => import('../../create-story/components/create-story-dialog'));

export const CREATE_LOCATION_REQUIRED =
  'Location access is required to create stories. Please enable location permissions and try again.';

/** The signed-out answer to any create action (spec section 2, Create tab). */
export function showCreateAccountRequired(navigate: (to: string) => void) {
  toast({
    title: 'Account Required',
    description: 'Please sign in to create and share your own stories.',
    action: (
      <ToastAction altText="Sign In" onClick={() => navigate(paths.auth)}>
        Sign In
      </ToastAction>
    ),
  });
}

/**
 * Opens the create dialog. `openAtCurrentPosition` asks for a fresh position and alerts on failure (Create tab,
 * "Create Your First …" buttons); `openAt` uses a known location (the + button), and without one asks for a
 * position the same way — a story is never placed at the default centre (issue 13).
 */
export function useCreateStoryLauncher() {
  const [, navigate] = useLocation();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // Stays mounted after the first open so closing can animate and the chunk is not re-evaluated.
  const [mounted, setMounted] = useState(false);
  const [location, setLocation] = useState<Location | null>(null);

  const openAtCurrentPosition = useCallback(async () => {
    if (!user) return showCreateAccountRequired(navigate);
    try {
      setLocation(await requestPosition());
      setMounted(true);
      setOpen(true);
    } catch {
      window.alert(CREATE_LOCATION_REQUIRED);
    }
  }, [user, navigate]);

  const openAt = useCallback(
    (at: Location | null) => {
      if (!user) return showCreateAccountRequired(navigate);
      if (!at) return void openAtCurrentPosition();
      setLocation(at);
      setMounted(true);
      setOpen(true);
    },
    [user, navigate, openAtCurrentPosition],
  );

  const dialog = mounted ? (
    <Suspense fallback={null}>
      <CreateStoryDialog open={open} onOpenChange={setOpen} location={location} />
    </Suspense>
  ) : null;

  return { openAt, openAtCurrentPosition, dialog };
}
