/**
 * Short-lived state that must hold across app instances (docs/design.md "short-lived shared state"): counters for
 * limits and small values with an expiry, such as a reader's last plausible position. In process memory by
 * default; in Redis when REDIS_URL is set, so every instance behind a load balancer sees the same values.
 *
 * Values are strings (callers JSON-encode anything richer). Every value expires: this is not a database.
 */
interface WindowCount {
  /** Increments in the current window, this one included. */
  count: number;
  /** Milliseconds until the window (and its count) ends. */
  resetInMs: number;
}

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** The value, or null when there is none or it has expired. */
  get(key: string): Promise<string | null>;
  /** Stores a value that disappears after `ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Counts one event in a fixed window that starts with the key's first event and lasts `windowMs`; the next
   * event after that starts a new window at 1.
   */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Throws when the backing service is unreachable (/api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function assertTtl(ms: number): void {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`TTL must be a positive whole number of ms, got ${ms}`);
}
