import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey (every limit, throttle bucket and reader key)', () => {
  it('is the IPv4 address, IPv4-mapped IPv6 included', () => {
    expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('groups IPv6 by /64 whatever the spelling', () => {
    const a = addressKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('ip6:2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:1:2::')).toBe(a);
    expect(addressKey('2001:db8:1:2::%eth0')).toBe(a);
    expect(addressKey('2001:db8:1:2:0:0:1.2.3.4')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('2001:db8:0:1:2::')).toBe('ip6:2001:db8:0:1::/64');
    expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
  });

  it('keeps two IPv4 addresses apart (no grouping of IPv4)', () => {
    expect(addressKey('203.0.113.7')).not.toBe(addressKey('203.0.113.8'));
  });
});
