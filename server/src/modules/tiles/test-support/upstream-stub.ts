/**
 * A raster tile server for the tile tests: every /{z}/{x}/{y}.png answers a small PNG (its bytes name the tile),
 * and the stub records each request's headers. `mode` switches it to an outage (500), a server that never answers,
 * or one that has no tiles (404).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UpstreamStub {
  template: string;
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  mode: 'ok' | 'error' | 'hang' | 'missing';
  cacheControl: string;
  close(): Promise<void>;
}

/** A PNG signature followed by the tile's address: enough for tests that compare bytes. */
export const stubTileBytes = (path: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(path)]);

export async function startUpstreamStub(): Promise<UpstreamStub> {
  const hanging = new Set<http.ServerResponse>();
  const stub: UpstreamStub = {
    template: '',
    requests: [],
    mode: 'ok',
    cacheControl: 'max-age=3600',
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    stub.requests.push({ url: request.url ?? '', headers: request.headers });
    if (stub.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (stub.mode === 'error') return response.writeHead(500).end('down');
    if (stub.mode === 'missing' || !/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? ''))
      return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': stub.cacheControl });
    response.end(stubTileBytes(request.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.template = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  return stub;
}
