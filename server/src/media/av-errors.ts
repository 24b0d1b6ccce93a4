import type { Container } from './sniff';

/** The file was recognised by its first bytes but is not valid media in full (damaged, or not really media). */
export class UnreadableMediaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableMediaError';
  }
}

/** The format cannot be checked on this machine (MP4/QuickTime without ffmpeg), so it is not accepted. */
export class UnverifiableMediaError extends Error {
  constructor(public readonly container: Container) {
    super(`${container} files cannot be checked without ffmpeg`);
    this.name = 'UnverifiableMediaError';
  }
}
