/**
 * Which push endpoints the server will ever send to (issue 24): an https URL on a public host. The server makes
 * a request to whatever a client subscribed, so a loopback, private, link-local or otherwise internal address is
 * refused at subscribe time (no server-side request forgery into the deployment's own network). Origins listed
 * in PUSH_TEST_ORIGINS are allowed anyway: a local mock push service in tests.
 */
import net from 'node:net';

const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain)$/i;

export function isAllowedPushEndpoint(endpoint: string, testOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (testOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host) return false;
  const ipVersion = net.isIP(host);
  if (ipVersion === 4) return isPublicIPv4(host);
  if (ipVersion === 6) return isPublicIPv6(host);
  // A name: one label alone (intranet host) or an internal suffix is not a push service.
  return host.includes('.') && !INTERNAL_NAMES.test(host);
}

function isPublicIPv4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast/reserved
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata)
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0) return false; // IETF protocol assignments
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIPv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::' || lower === '::1') return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPublicIPv4(mapped[1]);
  if (lower.startsWith('::ffff:')) return false;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  return true;
}
