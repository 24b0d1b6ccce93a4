import { describe, expect, it } from 'vitest';
import { backoffDelayMs, describeRetry, evaluateBackoff, evaluateWindow } from './throttle';

const MIN = 60_000;
const rule = { limit: 3, windowMs: 15 * MIN };
const now = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('evaluateWindow', () => {
  it('allows while fewer events than the limit are inside the window', () => {
    expect(evaluateWindow([], now, rule)).toEqual({ blocked: false, retryAfterMs: 0 });
    expect(evaluateWindow([ago(1 * MIN), ago(2 * MIN)], now, rule).blocked).toBe(false);
  });

  it('blocks at the limit until the limit-th newest event leaves the window', () => {
    const decision = evaluateWindow([ago(1 * MIN), ago(2 * MIN), ago(10 * MIN)], now, rule);
    expect(decision).toEqual({ blocked: true, retryAfterMs: 5 * MIN });
  });

  it('ignores events older than the window (a sliding window, not a fixed one)', () => {
    expect(evaluateWindow([ago(1 * MIN), ago(2 * MIN), ago(15 * MIN)], now, rule).blocked).toBe(false);
    expect(evaluateWindow([ago(1 * MIN), ago(2 * MIN), ago(16 * MIN), ago(20 * MIN)], now, rule).blocked).toBe(false);
  });

  it('with more events than the limit, waits for the one whose leaving frees a slot', () => {
    const decision = evaluateWindow([ago(1 * MIN), ago(2 * MIN), ago(4 * MIN), ago(14 * MIN)], now, rule);
    expect(decision).toEqual({ blocked: true, retryAfterMs: 11 * MIN });
  });

  it('never asks to wait less than a second', () => {
    expect(evaluateWindow([now, now, ago(15 * MIN - 10)], now, rule).retryAfterMs).toBe(1000);
  });
});

describe('growing delays (evaluateBackoff)', () => {
  const backoff = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 10 * MIN, windowMs: 24 * 60 * MIN };

  it('asks for no delay for the free failures, then doubles from the first delay up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12, 13, 60].map((n) => backoffDelayMs(n, backoff))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 512_000, 600_000, 600_000,
    ]);
  });

  it('refuses until the delay earned has passed since the newest failure', () => {
    const failures = [ago(1500), ago(MIN), ago(2 * MIN), ago(3 * MIN)];
    // Four failures: 2 s after the newest, which was 1.5 s ago.
    expect(evaluateBackoff(failures, now, backoff)).toEqual({ blocked: true, retryAfterMs: 1000 });
    expect(evaluateBackoff([ago(2500), ...failures.slice(1)], now, backoff).blocked).toBe(false);
  });

  it('forgets failures older than its window', () => {
    const old = Array.from({ length: 20 }, () => ago(25 * 60 * MIN));
    expect(evaluateBackoff([ago(1000), ...old], now, backoff).blocked).toBe(false);
    expect(evaluateBackoff([], now, backoff).blocked).toBe(false);
  });
});

describe('describeRetry', () => {
  it.each([
    [1, 'in 1 second'],
    [42_000, 'in 42 seconds'],
    [60_000, 'in 1 minute'],
    [61_000, 'in 2 minutes'],
    [15 * MIN, 'in 15 minutes'],
  ])('%i ms → "%s"', (ms, text) => {
    expect(describeRetry(ms)).toBe(text);
  });
});
