/**
 * Which resolved addresses a push may connect to: public unicast only (docs/security.md, "Push endpoints").
 * IPv4: everything but this-network, private, loopback, CGNAT, link-local, IETF/documentation/benchmark,
 * 6to4-relay, multicast and reserved ranges. IPv6: global unicast (2000::/3) only — which already leaves out
 * loopback, unspecified, IPv4-mapped and -compatible forms, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard
 * (100::/64), unique-local, link-local and multicast — minus the special blocks inside it: Teredo and the IETF
 * protocol block (2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16), each of which can
 * carry an inner address.
 */
import net from 'node:net';

const blockedV4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blockedV4.addSubnet(prefix, bits, 'ipv4');

const blockedV6InGlobal = new net.BlockList();
for (const [prefix, bits] of [
  ['2001::', 23], // IETF protocol assignments, Teredo 2001::/32 among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
] as const)
  blockedV6InGlobal.addSubnet(prefix, bits, 'ipv6');

/** The first 16 bits of an IPv6 address in text form (`::…` → 0), or null when it is not one. */
function firstGroup(address: string): number | null {
  if (net.isIPv6(address) === false || address.includes('%')) return null;
  if (address.startsWith('::')) return 0;
  return Number.parseInt(address.split(':')[0]!, 16);
}

/** Whether a push may connect to this resolved address. Anything unparseable is refused. */
export function isPublicUnicastAddress(address: string): boolean {
  if (net.isIPv4(address)) return !blockedV4.check(address, 'ipv4');
  const first = firstGroup(address);
  if (first === null) return false;
  if ((first & 0xe000) !== 0x2000) return false; // outside global unicast 2000::/3
  return !blockedV6InGlobal.check(address, 'ipv6');
}
