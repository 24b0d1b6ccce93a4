/**
 * The origin of the absolute links in a share page (og:url, og:image; docs/security.md, "Hardening, third round"). PUBLIC_URL when set;
 * without it, the request's Host only when it names this server itself — localhost, a loopback address or the
 * address it listens on — so that a forged `Host: evil.example` never puts another site's address into a page
 * (or into a cache in front of it). Any other Host gets no absolute links at all.
 */
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const listening = request.server.server.address();
  const listeningAddress = typeof listening === 'object' && listening ? listening.address : undefined;
  return namesThisServer(request.hostname, listeningAddress) ? `${request.protocol}://${request.host}` : undefined;
}

/** Whether a Host header's name (without port; IPv6 in brackets) is this machine as reached locally. */
function namesThisServer(hostname: string, listeningAddress: string | undefined): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) return name.startsWith('127.') || name === listeningAddress;
  if (net.isIPv6(name))
    return name === '::1' || name === '::ffff:127.0.0.1' || name === listeningAddress?.toLowerCase();
  return false;
}
