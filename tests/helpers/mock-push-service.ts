/**
 * A local mock push service for the Web Push API tests: `web-push-testing`'s push API model and request
 * handlers (VAPID check, aes128gcm decryption, 410 for an expired subscription) served over https with the
 * run's test certificate (tests/setup/push-tls.ts). Its origin goes into the app's PUSH_TEST_ORIGINS.
 *
 *   const push = await startMockPushService();
 *   const device = await push.subscribe(publicKey);     // a PushSubscriptionJSON + its clientHash
 *   await push.messages(device.clientHash);             // the decrypted payloads it received
 */
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';

const require = createRequire(import.meta.url);

interface PushApiModelLike {
  notifyUrl: string;
  createSubscription(options: { applicationServerKey: string }): Promise<MockDevice>;
  expireSubscription(clientHash: string): void;
  getNotifications(body: { clientHash: string }): { messages: string[] };
}

export interface MockDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface MockPushService {
  origin: string;
  subscribe(applicationServerKey: string): Promise<MockDevice>;
  /** The device unsubscribed: the service answers 410 from now on. */
  expire(clientHash: string): void;
  /** Decrypted payloads received for a device, oldest first. */
  messages(clientHash: string): string[];
  /** Requests that reached the service (answered or failed). */
  requests(): number;
  /** The next `count` pushes are answered with this status before being handled (429/503 retries). */
  failNext(count: number, status: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export async function startMockPushService(): Promise<MockPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => PushApiModelLike;
  };
  const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
    model: PushApiModelLike,
    port: number,
  ) => { _app: (req: unknown, res: unknown) => void; setRequestHandlers(): void };
  const model = new PushApiModel();
  const handlers = new WebPushTestingServer(model, 0);
  handlers.setRequestHandlers();
  let failures: { count: number; status: number; retryAfter?: number } = { count: 0, status: 503 };
  let requests = 0;
  const { keyPath, certPath } = inject('pushTls');
  const server = https.createServer({ key: fs.readFileSync(keyPath), cert: fs.readFileSync(certPath) }, (req, res) => {
    if (req.url?.startsWith('/notify/')) {
      requests++;
      if (failures.count > 0) {
        failures.count--;
        req.resume();
        res.writeHead(
          failures.status,
          failures.retryAfter !== undefined ? { 'retry-after': String(failures.retryAfter) } : {},
        );
        res.end();
        return;
      }
    }
    handlers._app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;
  return {
    origin,
    subscribe: (applicationServerKey) => model.createSubscription({ applicationServerKey }),
    expire: (clientHash) => model.expireSubscription(clientHash),
    messages: (clientHash) => model.getNotifications({ clientHash }).messages,
    requests: () => requests,
    failNext(count, status, retryAfterSeconds) {
      failures = { count, status, retryAfter: retryAfterSeconds };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
