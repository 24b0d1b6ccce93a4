/**
 * Requests per route, counted in plain numbers on the hot path and turned into Prometheus metrics when scraped.
 * prom-client's labelled metrics check and hash their labels on every call, labelled children too: about 4 % of
 * a nearby read's CPU (bench/README.md, bench/README.md). Here a request costs two map lookups and a few additions.
 */
import { Counter, type Metric, type Registry } from 'prom-client';

interface RouteTally {
  method: string;
  route: string;
  byStatus: Map<number, number>;
  /** Observations per bucket, not cumulative; the last one is above every bound (+Inf). */
  buckets: Float64Array;
  sumSeconds: number;
  count: number;
}

export class HttpTallies {
  /** method → route pattern → tally. */
  private readonly tallies = new Map<string, Map<string, RouteTally>>();

  constructor(readonly bounds: readonly number[]) {}

  record(method: string, route: string, statusCode: number, seconds: number) {
    let byRoute = this.tallies.get(method);
    if (!byRoute) this.tallies.set(method, (byRoute = new Map()));
    let tally = byRoute.get(route);
    if (!tally) {
      tally = {
        method,
        route,
        byStatus: new Map(),
        buckets: new Float64Array(this.bounds.length + 1),
        sumSeconds: 0,
        count: 0,
      };
      byRoute.set(route, tally);
    }
    tally.byStatus.set(statusCode, (tally.byStatus.get(statusCode) ?? 0) + 1);
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    tally.buckets[bucket]! += 1;
    tally.sumSeconds += seconds;
    tally.count += 1;
  }

  *[Symbol.iterator](): IterableIterator<RouteTally> {
    for (const byRoute of this.tallies.values()) yield* byRoute.values();
  }

  clear() {
    this.tallies.clear();
  }
}

/** whispers_http_requests_total{method, route, status_code}, read from the tallies at each scrape. */
export function requestsCounter(tallies: HttpTallies, registry: Registry) {
  return new Counter({
    name: 'whispers_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { method, route, byStatus } of tallies) {
        for (const [statusCode, n] of byStatus) this.inc({ method, route, status_code: String(statusCode) }, n);
      }
    },
  });
}

/**
 * whispers_http_request_duration_seconds{method, route}, read from the tallies at each scrape. prom-client's Histogram
 * cannot be given bucket counts, so this is a metric of its own: the registry reads a metric's name, get() (type,
 * help and values, the histogram's `_bucket`/`_sum`/`_count` lines) and reset() (prom-client lib/registry.js).
 */
export function durationHistogram(tallies: HttpTallies, registry: Registry) {
  const name = 'whispers_http_request_duration_seconds';
  const help = 'Time to answer an HTTP request, by route pattern';
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const { method, route, buckets, sumSeconds, count } of tallies) {
        let cumulative = 0;
        tallies.bounds.forEach((le, i) => {
          cumulative += buckets[i]!;
          values.push({ labels: { le, method, route }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', method, route }, value: count, metricName: `${name}_bucket` });
        values.push({ labels: { method, route }, value: sumSeconds, metricName: `${name}_sum` });
        values.push({ labels: { method, route }, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
    reset() {
      tallies.clear();
    },
  };
  registry.registerMetric(metric as unknown as Metric);
  return metric;
}
