// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Requests per second over all connections (0: as fast as possible). */
    overallRate?: number;
    /** Seconds without an answer before a request counts as a timeout. */
    timeout?: number;
    requests?: {
      method?: string;
      setupRequest?: (request: RawRequest) => RawRequest;
      onResponse?: (status: number, body: string) => void;
    }[];
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
