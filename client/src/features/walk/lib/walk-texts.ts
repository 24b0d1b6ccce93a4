/** Walk mode's texts: the toggle's labels load with the page, the rules (walk-rules.ts) with the walk. */
import { translate } from '#client/lib/i18n/i18n';

/** Each read says the text in the language of that moment (components use `t('walk.…')` to re-render). */
export const WALK_TEXTS = {
  get start() {
    return translate('walk.start');
  },
  get stop() {
    return translate('walk.stop');
  },
  get on() {
    return translate('walk.on');
  },
  get hint() {
    return translate('walk.hint');
  },
  get noWakeLock() {
    return translate('walk.noWakeLock');
  },
  get idleEnded() {
    return translate('walk.idleEnded');
  },
  get noLocation() {
    return translate('walk.noLocation');
  },
  get nothingAhead() {
    return translate('walk.nothingAhead');
  },
  get found() {
    return translate('walk.found');
  },
  get endWalk() {
    return translate('walk.endWalk');
  },
  get tourDoneOffer() {
    return translate('walk.tourDoneOffer');
  },
  get tourDoneEnded() {
    return translate('walk.tourDoneEnded');
  },
  get offlineStop() {
    return translate('walk.offlineStop');
  },
  get offlineWhisper() {
    return translate('walk.offlineWhisper');
  },
  get offlineWaiting() {
    return translate('walk.offlineWaiting');
  },
};
