/**
 * Hostile values for the route fuzz test (server/src/fuzz-routes.api.test.ts, fuzz-requests.ts): fast-check
 * arbitraries for text, JSON, headers, path segments and query values an attacker or a broken client may send.
 */
import fc from 'fast-check';

/** The app's request body limit (app.ts `bodyLimit`). */
const BODY_LIMIT = 1024 * 1024;

const UNICODE_EDGES = [
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\n\r\n',
  '\t',
  '\u007f',
  '\u0085',
  '\u2028\u2029',
  '\uFEFF',
  '\u200B\u200D',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '\uFFFF',
  '\uFFFD',
  'Ｒｅａｄ',
  '１２',
  '\uD800',
  '\uDFFF',
  'İı',
  'ß',
  '𝕏',
  '\u0130\u0131',
];
const NUMBER_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '0x1F',
  '0X10',
  '0b101',
  '0o17',
  '-0',
  '+5',
  ' 12 ',
  '1_000',
  '91',
  '-91',
  '181',
  '-181',
  '90.0000000001',
  '9'.repeat(400),
  '1.2.3',
  '',
  ' ',
  '12abc',
  '٣',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1,2',
  '1;2',
];
const INJECTION_LIKE = [
  "' OR 1=1--",
  '"; DROP TABLE users;--',
  '../../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  'a|b|c',
  '\\',
  '/',
  '?',
  '#',
  '&',
];

const longText = fc
  .integer({ min: 201, max: 120_000 })
  .chain((length) => fc.constantFrom('a', 'é', '\u0000', '😀', ' ', '%').map((unit) => unit.repeat(length)));
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...UNICODE_EDGES, ...NUMBER_LIKE, ...INJECTION_LIKE),
  fc.double().map(String),
  fc.integer().map((n) => n.toString(16)),
  longText,
);
/** Any JSON value, of any type a field could wrongly carry. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }),
);

/** JSON nested a few dozen levels deep, objects and arrays mixed (deeper nesting: its own test below). */
export const nestedJson: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 40 },
    hostileText,
    fc.integer(),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('username', 'title', 'reason', 'a', '__proto__'), tie('node'), { maxKeys: 2 }),
  ),
})).node;
/** A chain of `depth` arrays or objects, as raw JSON text (no recursion to build or print it). */
export const nestedText = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
export const HUGE_ARRAY = `[${'0,'.repeat(200_000)}0]`;
export const OVER_THE_LIMIT = JSON.stringify({ title: 'x'.repeat(BODY_LIMIT) });

/** Header values a proxy, a browser or an attacker may send (printable ASCII: what HTTP carries). */
export const headerText = hostileText.map((text) => text.replace(/[^\x20-\x7e]/g, '').slice(0, 300));
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    range: fc.oneof(
      fc.constantFrom(
        'bytes=0-0',
        'bytes=-1',
        'bytes=0-',
        'bytes=99999999999999999999-',
        'bytes=5-1',
        'bytes=0-1,2-3',
        'bytes=a-b',
        'items=0-1',
        'bytes=',
      ),
      headerText,
    ),
    'x-forwarded-for': fc.oneof(
      fc.constantFrom(
        '203.0.113.7',
        '::1',
        '127.0.0.1, 10.0.0.1',
        'unknown',
        '300.1.1.1',
        ' , ,',
        '1.1.1.1, '.repeat(200),
      ),
      headerText,
    ),
    origin: fc.oneof(
      fc.constantFrom(
        'null',
        'https://evil.example',
        'http://localhost:80',
        'https://localhost:80',
        'http://localhost',
        'file://',
        '*',
      ),
      headerText,
    ),
    'sec-fetch-site': fc.oneof(
      fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'CROSS-SITE'),
      headerText,
    ),
  },
  { requiredKeys: [] },
);
/** A path segment: an encoded hostile text, or raw bytes that are not valid percent-encoded UTF-8. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((text) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80'; // a lone surrogate, as raw UTF-8 bytes
    }
  }),
  fc.constantFrom('%', '%zz', '%00', '%C0%AF', '%ED%A0%80', '%FF%FE', '..', '.', '%2e%2e', 'x%2Fy'),
);

export const queryValue = fc.oneof(
  hostileText.map((text) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  }),
  fc.constantFrom('%', '%zz', '%00', '&', '=', '%ED%A0%80'),
);
