/**
 * Password hashing with argon2id at OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1). Hashing runs on
 * libuv's thread pool, so it does not block the event loop.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import crypto from 'node:crypto';

/** `Algorithm` is an ambient const enum (unusable under isolatedModules); 2 is its Argon2id member. */
const ARGON2ID = 2 as Algorithm;

const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not a valid argon2 hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when the username is unknown, so that a wrong username and a
 * wrong password take similar time and cannot be told apart.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}
