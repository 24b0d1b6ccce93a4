/** The TRUST_PROXY setting as config.ts reads it. */
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which X-Forwarded-For entries to believe (docs/decisions/011-trust-proxy.md): none (`false`/`0`, the default),
 * the last `n` hops (the number of proxies in front of the app), or hops from these proxy addresses/CIDRs. Never
 * "trust everything", which would take the left-most entry: whatever the client wrote.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, context): false | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true is not accepted: it would trust the left-most X-Forwarded-For, which any client writes. ' +
          'Give the number of proxies in front of the app (1 for one reverse proxy) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) context.addIssue({ code: 'custom', message: 'TRUST_PROXY hop count must be at most 10' });
      return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0 || entries.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a hop count or a comma-separated list of proxy addresses/CIDRs (not: ${bad.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });
