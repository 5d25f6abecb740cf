// The request-duration histogram counted by hand prints what prom-client's own histogram prints for the same
// requests: the same series, buckets, sums and counts, several status codes of a class added up.
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registry's text, its lines sorted (the order of series is not part of the format). */
async function lines(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').sort();
}

describe('the request-duration histogram', () => {
  it('prints what prom-client prints for the same requests', async () => {
    const reference = new Registry();
    const theirs = new Histogram({
      name: 'versus_http_request_duration_seconds',
      help: 'Durations.',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: BOUNDS,
      registers: [reference],
    });
    const ours = new Registry();
    const durations = new RequestDurations('versus_http_request_duration_seconds', 'Durations.', BOUNDS);
    ours.registerMetric(durations.asMetric());
    const requests: [string, string, number, number][] = [
      ['/api/v1/match/:id', 'GET', 200, 0.003],
      ['/api/v1/match/:id', 'GET', 304, 0.005],
      ['/api/v1/match/:id', 'GET', 200, 0.7],
      ['/api/v1/match/:id', 'GET', 204, 0.0101],
      ['unmatched', 'GET', 404, 20],
      ['/api/v1/match/:id', 'POST', 419, 0.05],
      ['/api/v1/match/:id', 'POST', 422, 2.5],
    ];
    for (const [route, method, status, seconds] of requests) {
      theirs.observe({ route, method, status_class: `${String(Math.floor(status / 100))}xx` }, seconds);
      durations.observe(route, method, status, seconds);
    }
    expect(await lines(Registry.merge([ours]))).toEqual(await lines(reference));
    expect(await ours.metrics()).toContain(
      'versus_http_request_duration_seconds_count{route="/api/v1/match/:id",method="GET",status_class="2xx"} 3',
    );
  });
});
