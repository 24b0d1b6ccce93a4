// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface RequestSpec {
    method?: string;
    path?: string;
    setupRequest?: (request: RawRequest) => RawRequest;
    onResponse?: (status: number, body: string) => void;
  }
  /** One connection (autocannon's Client). */
  interface Client {
    setRequests(requests: RequestSpec[]): void;
  }
  interface Options {
    url: string;
    /** Called once per connection as it is created. */
    setupClient?: (client: Client) => void;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Requests per second over all connections (0: as fast as possible). */
    overallRate?: number;
    /** Seconds without an answer before a request counts as a timeout. */
    timeout?: number;
    requests?: RequestSpec[];
  }
  interface Histogram {
    p50: number;
    p99: number;
    average: number;
    total: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
