/**
 * A Server-Sent Events answer (text/event-stream), for any route that streams: it takes the reply over, sends the
 * given headers with the stream's own, a comment when it opens and a heartbeat comment every `heartbeatMs` (so
 * proxies keep the connection), and ends itself after `lifetimeMs` (the client reconnects and is checked again).
 * `onClose` runs once when the stream ends, whichever side ends it.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  /** Headers the answer carries besides the stream's own (security headers, cache rules, request id). */
  headers: OutgoingHttpHeaders;
  heartbeatMs: number;
  lifetimeMs: number;
  /** Called when the stream lives its time, before it ends (to send a last event, say). */
  onLifetimeEnd: () => void;
  onClose: () => void;
}

export interface EventStream {
  /** Sends one event; nothing once the stream has ended. */
  send(event: { event: string; id?: string; data: unknown }): void;
  end(): void;
  readonly ended: boolean;
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
    // Proxies such as nginx must pass events through at once.
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');

  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': heartbeat\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  const lifetime = setTimeout(options.onLifetimeEnd, options.lifetimeMs);
  lifetime.unref();
  let closed = false;
  const cleanUp = () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (closed) return;
    closed = true;
    options.onClose();
  };
  request.raw.on('close', cleanUp);
  res.on('close', cleanUp);

  return {
    send({ event, id, data }) {
      if (res.writableEnded) return;
      res.write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
    get ended() {
      return res.writableEnded;
    },
  };
}
