/**
 * Code comments point at the repository's own documents (docs/design.md, rule 27): none cites an issue number, the
 * product owner's docs/design.md, a bare design decision number or "spec section N", none of which a newcomer can open.
 * Nothing is allowed silently: a comment that must name one of these says it in other words.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sql|html|ya?ml)$/;
const CITATIONS: [string, RegExp][] = [
  ['an issue number', /\bissues?\s+\d+/i],
  ['DESIGN.md', /DESIGN\.md/],
  ['a design decision by number', /(?<![\w/.-])decisions?\s+\d{1,2}(?![\d\w-])/i],
  ['a spec section', /spec(?:ification)?(?:'s)?\s+(?:sections?|§)\s*\d/i],
];

/** The part of each line that is comment text (a comment line, a line inside a block comment, or after `//`). */
function commentParts(text: string): { line: number; comment: string }[] {
  const parts: { line: number; comment: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trimStart();
    let start = -1;
    if (inBlock || /^(\/\/|\/\*|\*|#|--|<!--|\{\/\*)/.test(trimmed)) start = inBlock ? 0 : line.length - trimmed.length;
    else {
      const found = [line.indexOf(' //'), line.indexOf('/*'), line.indexOf(' -- ')].filter((at) => at >= 0);
      if (found.length > 0) start = Math.min(...found);
    }
    if (start >= 0) parts.push({ line: index + 1, comment: line.slice(start) });
    const opens = line.lastIndexOf('/*');
    const closes = line.lastIndexOf('*/');
    if (opens >= 0 && opens > closes) inBlock = true;
    else if (closes >= 0 && closes > opens) inBlock = false;
  });
  return parts;
}

function citations(file: string): string[] {
  const found: string[] = [];
  for (const { line, comment } of commentParts(fs.readFileSync(path.join(root, file), 'utf8'))) {
    for (const [what, pattern] of CITATIONS)
      if (pattern.test(comment)) found.push(`${file}:${line} cites ${what}: ${comment.trim().slice(0, 120)}`);
  }
  return found;
}

describe('comments cite documents in the repository', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => (SOURCE.test(file) || file === '.ci/run') && !file.startsWith('tests/lint-fixtures/'))
    .filter((file) => !file.startsWith('server/src/db/migrations/meta/') && fs.existsSync(path.join(root, file)));

  it('finds comments to read', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(citations('tests/doc-references.unit.test.ts')).toEqual([]);
  });

  it('no comment cites an issue, DESIGN.md, a design decision number or a spec section', () => {
    expect(files.flatMap(citations)).toEqual([]);
  });
});
