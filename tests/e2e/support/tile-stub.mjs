// A local stand-in for the OpenStreetMap tile server (there is no internet in tests), the upstream the app's own
// /tiles route fetches from (TILE_URL; the browser never asks it): every /{z}/{x}/{y}.png answers a 256×256 PNG with
// a faint grid, and the stub counts requests so tests can assert the server fetched tiles.
import http from 'node:http';
import sharp from 'sharp';

export async function startTileStub() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#1b2238"/>
    <path d="M0 0H256V256" fill="none" stroke="#2c3658" stroke-width="2"/>
    <path d="M0 128H256M128 0V256" stroke="#232c4a" stroke-width="1"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  let requests = 0;
  const server = http.createServer((req, res) => {
    if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      requests += 1;
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(png);
      return;
    }
    if (req.url === '/__count') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ requests }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}
