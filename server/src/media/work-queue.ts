/**
 * One bounded queue per process for audio/video work (ffprobe + ffmpeg, or the pure-JS WebM walk; docs/security.md, "Hardening, third round",
 * item 2): at most `concurrency` files are processed at once and at most `maxWaiting` wait their turn. Beyond
 * that the upload is refused at once (503 with Retry-After) rather than letting every other request's latency grow
 * behind a pile of decoders.
 */
export class MediaQueueFullError extends Error {
  constructor() {
    super('the media work queue is full');
    this.name = 'MediaQueueFullError';
  }
}

export interface MediaWorkQueue {
  /** Runs `work` when a slot is free; throws MediaQueueFullError at once when the waiting line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createMediaWorkQueue(options: { concurrency: number; maxWaiting: number }): MediaWorkQueue {
  let active = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    // The slot passes straight to the next in line, so `active` stays counted.
    if (next) next();
    else active--;
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return line.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < options.concurrency) active++;
      else if (line.length < options.maxWaiting) await new Promise<void>((resolve) => line.push(resolve));
      else throw new MediaQueueFullError();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
