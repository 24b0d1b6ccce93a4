/**
 * The one rule for "which client is this" in every limit, throttle bucket and reader key: an IPv4 address as it
 * is (IPv4-mapped IPv6 included), an IPv6 address by its /64. One household or phone gets a whole /64 and may
 * pick any address in it, so counting single IPv6 addresses would be no limit at all.
 */
import { isIP } from 'node:net';

/** `ip:203.0.113.9`, or `ip6:2001:db8:1:2::/64` for any address of that /64, whatever its spelling. */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIP(address) === 6) return `ip6:${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return `ip:${address}`;
}

/** The eight 16-bit groups of an IPv6 address, as lowercase hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g || '0', 16).toString(16));
}
