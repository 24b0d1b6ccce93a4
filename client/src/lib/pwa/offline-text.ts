/**
 * What a screen says offline when this device never received what it shows (docs/decisions/052-offline-screens-and-creating.md):
 * the service worker answers every read it kept; a read it did not keep fails, and the screen says so plainly
 * instead of "Failed to load…", which would send the reader to retry what cannot work without a network.
 */
export const NOT_OPENED_OFFLINE = "You're offline, and this page wasn't opened before.";
export const TOURS_NOT_LOADED_OFFLINE = "You're offline, and the tours near you weren't loaded before.";
