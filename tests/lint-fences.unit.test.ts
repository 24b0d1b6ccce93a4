/**
 * The import fences of eslint.config.js (and the rule against hand-built /api/ URLs in client features) must
 * fire: each fixture in tests/lint-fixtures/ breaks one (or, named `allowed-*`, stays just inside one) and is
 * linted with ESLint's Node API as if it were at the path its `lint-as:` line names, so its imports resolve to the
 * real files. A fence whose rule stops resolving TypeScript (as no-cycle once did) fails here instead of passing
 * `npm run lint` in silence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixturesDir = path.join(root, 'tests/lint-fixtures');
const FENCE_RULES = new Set([
  'import-x/no-cycle',
  'local/no-import-cycle',
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-syntax',
]);

interface Fixture {
  name: string;
  code: string;
  lintAs: string;
  /** The rules that must fire (comma-separated on the `expect:` line), none for `nothing`. */
  expected: string[];
}

function readFixtures(): Fixture[] {
  return fs
    .readdirSync(fixturesDir)
    .filter((name) => name.endsWith('.ts') || name.endsWith('.tsx'))
    .sort()
    .map((name) => {
      const code = fs.readFileSync(path.join(fixturesDir, name), 'utf8');
      const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(code)?.[1];
      const expected = /^\/\/ expect: (\S+)$/m.exec(code)?.[1];
      if (!expected) throw new Error(`${name}: no "// expect: <rule>" line`);
      return {
        name,
        code,
        lintAs: path.join(root, lintAs ?? path.join('tests/lint-fixtures', name)),
        expected: expected === 'nothing' ? [] : expected.split(','),
      };
    });
}

const fixtures = readFixtures();

// Only the fence rules run: the type-aware rules need a tsconfig project, which the fixtures are kept out of.
const eslint = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => FENCE_RULES.has(ruleId),
});

describe('import fences (eslint.config.js)', () => {
  it('has a fixture for every fence', () => {
    const expected = new Set(fixtures.flatMap((fixture) => fixture.expected));
    for (const rule of FENCE_RULES) expect(expected, rule).toContain(rule);
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixtures)(
    '$name is reported as $expected',
    async (fixture) => {
      const [result] = await eslint.lintText(fixture.code, { filePath: fixture.lintAs });
      const messages = result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, fatal: m.fatal ?? false }));
      expect(messages.filter((m) => m.fatal)).toEqual([]);
      // Exactly the expected fences fire: a fixture that breaks another fence too would hide one going quiet.
      expect(new Set(messages.map((m) => m.ruleId))).toEqual(new Set(fixture.expected));
    },
    120_000,
  );
});
