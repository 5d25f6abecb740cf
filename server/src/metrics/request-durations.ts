// The request-duration histogram (`versus_http_request_duration_seconds`), counted on the hot path with one
// Map lookup and a few additions per request, and shaped for Prometheus only when scraped. prom-client's own
// `Histogram.observe` validates and hashes the label object on every call, which cost more than all of a
// JSON read's hooks together; this keeps the same series, buckets and text, as a metric its `Registry` takes.
import type { Metric, MetricValueWithName } from 'prom-client';

interface Series {
  labels: { route: string; method: string; status_class: string };
  /** Observations per bucket (not cumulative), the last one above every bound (`+Inf`). */
  counts: number[];
  sum: number;
  count: number;
}

/** The status class label (`2xx`) of a status code, built once per code. */
const statusClasses = new Map<number, string>();
function statusClassOf(statusCode: number): string {
  let label = statusClasses.get(statusCode);
  if (label === undefined) {
    label = `${String(Math.floor(statusCode / 100))}xx`;
    statusClasses.set(statusCode, label);
  }
  return label;
}

export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** Series by route pattern, method and status code (nested: no key string built per request). */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds in seconds, ascending. */
    private readonly bounds: readonly number[],
  ) {}

  /** One answered request: its route pattern, method, status code and time taken (seconds). */
  observe(route: string, method: string, statusCode: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(statusCode);
    if (series === undefined) {
      series = {
        labels: { route, method, status_class: statusClassOf(statusCode) },
        counts: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket += 1;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The series as prom-client's registry prints a histogram (one series per route, method, class). */
  get(): Promise<{
    name: string;
    help: string;
    type: string;
    aggregator: string;
    values: MetricValueWithName<string>[];
  }> {
    // Several status codes share a class: their series are added up under its labels.
    const byLabels = new Map<string, Series>();
    for (const series of this.all()) {
      const { route, method, status_class } = series.labels;
      const key = `${route} ${method} ${status_class}`;
      const into = byLabels.get(key);
      if (into === undefined) {
        byLabels.set(key, { ...series, counts: [...series.counts] });
        continue;
      }
      series.counts.forEach((n, i) => (into.counts[i] = (into.counts[i] as number) + n));
      into.sum += series.sum;
      into.count += series.count;
    }
    const values: MetricValueWithName<string>[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const series of byLabels.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += series.counts[i] as number;
        values.push({ metricName: bucketName, labels: { le: bound, ...series.labels }, value: cumulative });
      });
      values.push(
        { metricName: bucketName, labels: { le: '+Inf', ...series.labels }, value: series.count },
        { metricName: `${this.name}_sum`, labels: { ...series.labels }, value: series.sum },
        { metricName: `${this.name}_count`, labels: { ...series.labels }, value: series.count },
      );
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    this.byRoute.clear();
  }

  private *all(): Generator<Series> {
    for (const byMethod of this.byRoute.values())
      for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  /** The registry's view of it (prom-client types name only its own classes). */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
