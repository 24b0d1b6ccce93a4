import { describe, expect, it } from 'vitest';
import { lanAddress, logFormatFor, loggerOptions, runningLine } from './console-output';

describe('what npm start prints', () => {
  it('says where the app is, and its address on the local network', () => {
    expect(runningLine('0.0.0.0', 5000, '192.168.1.20')).toBe(
      'Whispers is running at http://localhost:5000 (on your network: http://192.168.1.20:5000)',
    );
    expect(runningLine('0.0.0.0', 5000, null)).toBe('Whispers is running at http://localhost:5000');
    expect(runningLine('127.0.0.1', 8080, '192.168.1.20')).toBe('Whispers is running at http://127.0.0.1:8080');
  });

  it('finds the first external IPv4 address', () => {
    const lo = { address: '127.0.0.1', family: 'IPv4', internal: true } as const;
    const v6 = { address: 'fe80::1', family: 'IPv6', internal: false } as const;
    const lan = { address: '10.0.0.7', family: 'IPv4', internal: false } as const;
    const common = { netmask: '', mac: '', cidr: null };
    expect(
      lanAddress({
        lo: [{ ...lo, ...common }],
        eth0: [
          { ...v6, ...common, scopeid: 1 },
          { ...lan, ...common },
        ],
      }),
    ).toBe('10.0.0.7');
    expect(lanAddress({ lo: [{ ...lo, ...common }] })).toBeNull();
  });

  it('is readable at a terminal and JSON otherwise or when asked', () => {
    expect(logFormatFor({ configured: undefined, isTTY: true })).toBe('pretty');
    expect(logFormatFor({ configured: undefined, isTTY: false })).toBe('json');
    expect(logFormatFor({ configured: 'json', isTTY: true })).toBe('json');
    expect(loggerOptions('json', 'info')).toEqual({ level: 'info' });
    expect(loggerOptions('pretty', 'info')).toMatchObject({ transport: { target: 'pino-pretty' } });
  });
});
