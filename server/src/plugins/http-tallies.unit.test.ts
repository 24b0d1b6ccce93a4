/** The per-route tallies behind whispers_http_requests_total and whispers_http_request_duration_seconds. */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { durationHistogram, HttpTallies, requestsCounter } from './http-tallies';

function metricsOf(record: (tallies: HttpTallies) => void) {
  const registry = new Registry();
  const tallies = new HttpTallies([0.01, 0.1, 1]);
  requestsCounter(tallies, registry);
  durationHistogram(tallies, registry);
  record(tallies);
  return { registry, text: () => registry.metrics() };
}

describe('HttpTallies', () => {
  it('counts by method, route and status, and buckets durations cumulatively with a bound counted in its bucket', async () => {
    const { text } = metricsOf((t) => {
      t.record('GET', '/api/a', 200, 0.005);
      t.record('GET', '/api/a', 200, 0.01);
      t.record('GET', '/api/a', 404, 0.5);
      t.record('GET', '/api/a', 200, 3);
      t.record('POST', '/api/a', 201, 0.05);
    });
    const body = await text();
    expect(body).toContain('whispers_http_requests_total{method="GET",route="/api/a",status_code="200"} 3');
    expect(body).toContain('whispers_http_requests_total{method="GET",route="/api/a",status_code="404"} 1');
    expect(body).toContain('whispers_http_requests_total{method="POST",route="/api/a",status_code="201"} 1');
    expect(body).toContain('# TYPE whispers_http_request_duration_seconds histogram');
    expect(body).toContain('whispers_http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/a"} 2');
    expect(body).toContain('whispers_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/a"} 2');
    expect(body).toContain('whispers_http_request_duration_seconds_bucket{le="1",method="GET",route="/api/a"} 3');
    expect(body).toContain('whispers_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/a"} 4');
    expect(body).toContain('whispers_http_request_duration_seconds_sum{method="GET",route="/api/a"} 3.515');
    expect(body).toContain('whispers_http_request_duration_seconds_count{method="GET",route="/api/a"} 4');
    expect(body).toContain('whispers_http_request_duration_seconds_count{method="POST",route="/api/a"} 1');
  });

  it('scrapes the same figures twice, and starts again from zero after a reset', async () => {
    const { registry, text } = metricsOf((t) => t.record('GET', '/api/b', 200, 0.2));
    expect(await text()).toContain('whispers_http_requests_total{method="GET",route="/api/b",status_code="200"} 1');
    expect(await text()).toContain('whispers_http_requests_total{method="GET",route="/api/b",status_code="200"} 1');
    registry.resetMetrics();
    expect(await text()).not.toContain('route="/api/b"');
  });
});
