import { translate } from '#client/lib/i18n/i18n';

/**
 * Story toasts as docs/design.md, part 8 words them, one sentence each (shown with lib/toast-message.ts `messageToast`).
 * Getters, so each toast is worded in the language of the moment it is shown.
 */
export const STORY_TOASTS = {
  get liked() {
    return translate('story.toastLiked');
  },
  get likeFailed() {
    return translate('story.toastLikeFailed');
  },
  get linkCopied() {
    return translate('story.toastLinkCopied');
  },
  get reported() {
    return translate('story.toastReported');
  },
};
