// What the scripts that start the real app locally share (e2e.mjs, lighthouse.mjs, pwa-screenshots.mjs).
import net from 'node:net';

/** A TCP port nobody listens on right now, for the app under test. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `${url}/api/health` answers 200; throws if the app exits first or `timeoutMs` passes. */
export async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy within ${Math.round(timeoutMs / 1000)} s`);
}
