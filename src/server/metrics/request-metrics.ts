/**
 * Counted on every answer, so it must cost next to nothing: per route pattern and method one
 * object made once, then a few increments of preallocated arrays (no string built, nothing
 * allocated per request). Rendered in Prometheus's text format only when /metrics is read.
 */

/** Upper bounds of the latency histogram, in seconds (Prometheus's usual spread). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

interface RouteSeries {
  /** Answers by status class: index 0 is 1xx … 4 is 5xx. */
  readonly byStatus: Float64Array;
  /** Answers at or below each bucket's bound (not cumulative here; summed when rendered), then +Inf. */
  readonly buckets: Float64Array;
  seconds: number;
}

/** A request no route matched (a 404, a probe): one series, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export class RequestMetrics {
  /** route pattern → method → series: two lookups and no key string per request. */
  private readonly series = new Map<string, Map<string, RouteSeries>>();

  record(route: string, method: string, statusCode: number, elapsedMs: number): void {
    let methods = this.series.get(route);
    if (methods === undefined) {
      methods = new Map();
      this.series.set(route, methods);
    }
    let series = methods.get(method);
    if (series === undefined) {
      series = { byStatus: new Float64Array(STATUS_CLASSES.length), buckets: new Float64Array(LATENCY_BUCKETS.length + 1), seconds: 0 };
      methods.set(method, series);
    }
    const statusClass = Math.min(Math.max(Math.trunc(statusCode / 100) - 1, 0), STATUS_CLASSES.length - 1);
    series.byStatus[statusClass]! += 1;
    const seconds = elapsedMs / 1000;
    series.seconds += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
  }

  /** loadout_http_requests_total and loadout_http_request_duration_seconds, in the text format. */
  render(out: string[]): void {
    out.push(
      '# HELP loadout_http_requests_total HTTP requests answered, by route pattern, method and status class.',
      '# TYPE loadout_http_requests_total counter',
    );
    for (const [route, methods] of this.series) {
      for (const [method, series] of methods) {
        series.byStatus.forEach((count, index) => {
          if (count > 0) out.push(`loadout_http_requests_total{${labels(route, method)},status="${STATUS_CLASSES[index]}"} ${count}`);
        });
      }
    }
    out.push(
      '# HELP loadout_http_request_duration_seconds Time from a request arriving to its answer being sent, by route pattern and method.',
      '# TYPE loadout_http_request_duration_seconds histogram',
    );
    for (const [route, methods] of this.series) {
      for (const [method, series] of methods) {
        const base = labels(route, method);
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, index) => {
          cumulative += series.buckets[index]!;
          out.push(`loadout_http_request_duration_seconds_bucket{${base},le="${bound}"} ${cumulative}`);
        });
        cumulative += series.buckets[LATENCY_BUCKETS.length]!;
        out.push(`loadout_http_request_duration_seconds_bucket{${base},le="+Inf"} ${cumulative}`);
        out.push(`loadout_http_request_duration_seconds_sum{${base}} ${series.seconds}`);
        out.push(`loadout_http_request_duration_seconds_count{${base}} ${cumulative}`);
      }
    }
  }
}

const labels = (route: string, method: string) => `route="${labelValue(route)}",method="${labelValue(method)}"`;

/** The text format's escaping of a label value: backslash, double quote and newline. */
export function labelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}
