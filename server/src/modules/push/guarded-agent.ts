/**
 * The https Agent every push goes out through (docs/security.md, "Push endpoints"). Its `lookup` resolves the
 * push service's name once per connection, refuses the connection when ANY resolved address is not public
 * unicast (address-policy.ts), and hands the connection exactly the addresses it checked — so a name that
 * resolves to an inside address, or whose answer changes between a check and the connect, reaches nothing.
 * TLS still verifies the certificate against the name.
 */
import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicUnicastAddress } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (tests inject a stand-in). */
export type PushResolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: PushResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export class RefusedAddressError extends Error {
  readonly code = 'PUSH_REFUSED_ADDRESS';
}

export interface GuardedAgentOptions {
  resolve?: PushResolver;
  /** Which resolved addresses may be connected to (tests widen it to prove the connection uses the checked one). */
  isAllowedAddress?: (address: string) => boolean;
}

export function createGuardedAgent(options: GuardedAgentOptions = {}): https.Agent {
  const resolve = options.resolve ?? systemResolver;
  const isAllowedAddress = options.isAllowedAddress ?? isPublicUnicastAddress;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new RefusedAddressError(`push: ${hostname} resolves to nothing`);
        const refused = addresses.find((entry) => !isAllowedAddress(entry.address));
        if (refused) throw new RefusedAddressError(`push: ${hostname} resolves to a non-public address`);
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
  return new https.Agent({ lookup, keepAlive: false });
}
