/**
 * What `npm start` prints (docs/decisions/014-phone-round-2.md): one human line saying where the app is (and its address on the
 * local network), then one log line per request — readable in a terminal, JSON when the output is not a terminal
 * or LOG_FORMAT=json (for log collectors). The per-request line itself is plugins/request-log.ts.
 */
import os from 'node:os';
import type { FastifyServerOptions } from 'fastify';

export type LogFormat = 'json' | 'pretty';

/** Pretty only for a person at a terminal who did not ask for JSON. */
export function logFormatFor(options: { configured: LogFormat | undefined; isTTY: boolean }): LogFormat {
  return options.configured ?? (options.isTTY ? 'pretty' : 'json');
}

export function loggerOptions(format: LogFormat, level: string): FastifyServerOptions['logger'] {
  if (format === 'json') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      // The request line says everything in its message; the rest of a line's fields follow on the same line.
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true },
    },
  };
}

/** The first non-internal IPv4 address of this machine, for phones on the same network. */
export function lanAddress(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string | null {
  for (const list of Object.values(interfaces)) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** "Whispers is running at http://localhost:5000 (on your network: http://192.168.1.20:5000)". */
export function runningLine(host: string, port: number, lan: string | null = lanAddress()): string {
  const wildcard = WILDCARD_HOSTS.has(host);
  const shown = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const local = `Whispers is running at http://${shown}:${port}`;
  return wildcard && lan ? `${local} (on your network: http://${lan}:${port})` : local;
}
