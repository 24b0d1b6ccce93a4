/** A local stand-in for the weather service (the HTTP contract in weather-provider.ts), for tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WeatherStandIn {
  url: string;
  /** Every request's query string, in order. */
  requests: URLSearchParams[];
  /** What the next answers are: a condition, or a raw status/body. */
  answer: { status: number; body: string };
  setCondition(condition: string): void;
  close(): Promise<void>;
}

export async function startWeatherStandIn(): Promise<WeatherStandIn> {
  const standIn: Omit<WeatherStandIn, 'url' | 'close'> = {
    requests: [],
    answer: { status: 200, body: JSON.stringify({ condition: 'sunny' }) },
    setCondition(condition) {
      this.answer = { status: 200, body: JSON.stringify({ condition }) };
    },
  };
  const server = http.createServer((req, res) => {
    standIn.requests.push(new URL(req.url ?? '/', 'http://x').searchParams);
    res.writeHead(standIn.answer.status, { 'content-type': 'application/json' });
    res.end(standIn.answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/weather`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
