import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { Point } from '#common/geo';
import { ACCOUNT_REQUIRED, showAccountRequired } from '#client/lib/account-required';
import { requestPosition } from '#client/lib/geolocation';
import { useCurrentUserWhenKnown } from '#client/lib/auth/current-user';
import { translate } from '#client/lib/i18n/i18n';
import type { OfflineDraft } from '../lib/offline-draft';

// The create dialog (recorder, pickers, preview) is only downloaded when someone opens it.
const CreateStoryDialog = lazy(() => import('./create-story-dialog'));

const alertLocationRequired = () => window.alert(translate('create.locationRequired'));

/** The signed-out answer to any create action (docs/design.md, part 2, Create tab). */
function showCreateAccountRequired(navigate: (to: string) => void) {
  showAccountRequired(ACCOUNT_REQUIRED.create, navigate);
}

/**
 * Opens the create dialog. `openAtCurrentPosition` asks for a fresh position and alerts on failure (Create tab,
 * "Create Your First …" buttons); `openAt` uses a known location (the + button), and without one asks for a
 * position the same way — a story is never placed at the default centre (docs/security.md, "Location: a position is a claim").
 */
export function useCreateStoryLauncher() {
  const [, navigate] = useLocation();
  const userWhenKnown = useCurrentUserWhenKnown();
  const [open, setOpen] = useState(false);
  // Stays mounted after the first open so closing can animate and the chunk is not re-evaluated.
  const [mounted, setMounted] = useState(false);
  const [location, setLocation] = useState<Point | null>(null);
  const [resume, setResume] = useState<OfflineDraft | null>(null);

  /** Runs `action` for a signed-in reader; a signed-out one is told to sign in. */
  const signedIn = useCallback(
    (action: () => void) => {
      userWhenKnown().then(
        (user) => (user ? action() : showCreateAccountRequired(navigate)),
        () => showCreateAccountRequired(navigate),
      );
    },
    [userWhenKnown, navigate],
  );

  const openAtCurrentPosition = useCallback(() => {
    signedIn(() => {
      requestPosition().then((at) => {
        setLocation(at);
        setResume(null);
        setMounted(true);
        setOpen(true);
      }, alertLocationRequired);
    });
  }, [signedIn]);

  const openAt = useCallback(
    (at: Point | null) => {
      if (!at) return openAtCurrentPosition();
      signedIn(() => {
        setLocation(at);
        setResume(null);
        setMounted(true);
        setOpen(true);
      });
    },
    [signedIn, openAtCurrentPosition],
  );

  /**
   * Publishes a draft kept on the device (docs/decisions/015-installable-offline-push.md): always from a fresh position, never the one it was saved
   * at, so the server's rules (the pin within 200 m of where the author is) apply as to any new story.
   */
  const openDraft = useCallback(
    (kept: OfflineDraft) => {
      signedIn(() => {
        requestPosition().then((at) => {
          setLocation(at);
          setResume(kept);
          setMounted(true);
          setOpen(true);
        }, alertLocationRequired);
      });
    },
    [signedIn],
  );

  const dialog = mounted ? (
    <Suspense fallback={null}>
      <CreateStoryDialog open={open} onOpenChange={setOpen} location={location} resume={resume} />
    </Suspense>
  ) : null;

  return { openAt, openAtCurrentPosition, openDraft, dialog };
}
