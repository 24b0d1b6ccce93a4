/**
 * Which push endpoints the server will ever send to (docs/security.md, "Push endpoints"; decision
 * docs/decisions/034-push-endpoints-and-session-end.md). One reading of an endpoint, shared by the
 * subscribe route and the sender:
 * - the WHATWG URL parser and Node's legacy `url.parse` (the one web-push connects with) must read the same
 *   scheme, host and port, and the raw text between `https://` and the path must be that host and nothing else
 *   (so `https://127.0.0.2;.example.com/` — a different host to each parser — is refused);
 * - https only, port 443 only (an explicit `:443` is fine), no credentials;
 * - the host is a DNS name (no IP literal in any form: dotted, decimal, hex, octal, bracketed IPv6) on the
 *   allowed push services (PUSH_ALLOWED_HOSTS: exact names, or `*.suffix` for any name under it).
 * Where the name resolves is checked at send time, on every connection (guarded-agent.ts). Origins listed in
 * PUSH_TEST_ORIGINS are allowed as they are: a local mock push service in tests.
 */
import { parse as legacyParse } from 'node:url';
import { PUSH_TEXTS } from '#common/push';

export type EndpointCheck = { ok: true; hostname: string; testOrigin: boolean } | { ok: false; message: string };

export interface EndpointPolicy {
  /** Exact host names and `*.suffix` patterns (lower case). */
  allowedHosts: readonly string[];
  /** Origins of a local mock push service (tests). */
  testOrigins?: readonly string[];
}

/** `https://` + a dotted DNS name + an optional `:443`, then the path, query, fragment or the end. */
const RAW_AUTHORITY = /^https:\/\/([A-Za-z0-9.-]+)(:443)?(?=[/?#]|$)/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label starts with a letter: `127.1`, `0x7f000001` and `2130706433` are addresses, not names. */
const TOP_LABEL = /^[a-z][a-z0-9-]*$/;

const refuse = (message: string): EndpointCheck => ({ ok: false, message });

export function checkPushEndpoint(endpoint: string, policy: EndpointPolicy): EndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse(PUSH_TEXTS.badEndpoint);
  }
  const legacy = legacyParse(endpoint);
  if (policy.testOrigins?.includes(url.origin) && `${legacy.protocol}//${legacy.host}` === url.origin) {
    return { ok: true, hostname: url.hostname, testOrigin: true };
  }
  if (url.protocol !== 'https:' || legacy.protocol !== 'https:') return refuse(PUSH_TEXTS.badEndpoint);
  if (url.username || url.password || legacy.auth) return refuse(PUSH_TEXTS.badEndpoint);
  if (url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname)) return refuse(PUSH_TEXTS.endpointAddress);
  const raw = RAW_AUTHORITY.exec(endpoint);
  if (!raw) return refuse(/^https:\/\/[^/?#]*:/i.test(endpoint) ? PUSH_TEXTS.endpointPort : PUSH_TEXTS.badEndpoint);
  const host = raw[1]!.toLowerCase();
  // Both parsers, and the text itself, must name the same host on the same port.
  if (url.hostname !== host || legacy.hostname !== host) {
    return refuse(
      url.hostname !== host && /^[\d.]+$/.test(url.hostname) ? PUSH_TEXTS.endpointAddress : PUSH_TEXTS.badEndpoint,
    );
  }
  if (url.port !== '' || (legacy.port !== null && legacy.port !== '443')) return refuse(PUSH_TEXTS.endpointPort);
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return refuse(PUSH_TEXTS.badEndpoint);
  if (!TOP_LABEL.test(labels.at(-1)!)) return refuse(PUSH_TEXTS.endpointAddress);
  if (!isAllowedHost(host, policy.allowedHosts)) return refuse(PUSH_TEXTS.endpointHost);
  return { ok: true, hostname: host, testOrigin: false };
}

/** `fcm.googleapis.com` matches itself; `*.push.apple.com` matches any name under push.apple.com. */
function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}
