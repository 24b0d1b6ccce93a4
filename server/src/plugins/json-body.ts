/**
 * JSON request bodies (docs/security.md, "Hardening, third round"): a body nested deeper than any request of the API needs is refused with
 * 400 before JSON.parse spends CPU on it and before any walk over the parsed value (a recursive walk over 5,000
 * nested arrays overflowed the stack and answered 500). The depth is counted in one pass over the raw text;
 * within the limit, Fastify's own parser (prototype-poisoning checks included) does the parsing.
 */
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-errors';

/** The deepest request of the API nests 3 levels; 32 leaves room and stops every pathological body. */
const MAX_JSON_DEPTH = 32;
const BODY_TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether JSON text opens more than `limit` arrays/objects at once (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

export const jsonBodyPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(BODY_TOO_DEEP), undefined);
      // Fastify's parser answers through `done` (it returns nothing to await).
      void parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
