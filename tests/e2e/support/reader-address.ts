/**
 * Every browser context is a reader of its own, as on the internet: the server keeps a visitor's position claims
 * per client address (docs/security.md, "Location: a position is a claim"), and all e2e browsers connect from 127.0.0.1. scripts/e2e.mjs starts the app
 * with TRUST_PROXY, so each context sends its own X-Forwarded-For, as a reverse proxy would.
 */
let counter = 0;

export function readerHeaders(): Record<string, string> {
  counter++;
  return { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}` };
}
