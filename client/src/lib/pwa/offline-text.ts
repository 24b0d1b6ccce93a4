/**
 * What a screen says offline when this device never received what it shows (docs/decisions/052-offline-screens-and-creating.md):
 * the service worker answers every read it kept; a read it did not keep fails, and the screen says so plainly
 * instead of "Failed to load…", which would send the reader to retry what cannot work without a network.
 *
 * The constants are the English wording; screens say it through the functions, in the reader's language.
 */
import { translate } from '#client/lib/i18n/i18n';

export const NOT_OPENED_OFFLINE = "You're offline, and this page wasn't opened before.";

export const notOpenedOffline = () => translate('lib.notOpenedOffline');
export const toursNotLoadedOffline = () => translate('lib.toursNotLoadedOffline');
