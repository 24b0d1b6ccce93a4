/**
 * The decision records' index (docs/decisions/README.md) lists every record, so a newcomer who opens it finds each
 * one; a record added without its row fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '..', 'docs', 'decisions');

describe('the decision records index', () => {
  it('links every record in docs/decisions', () => {
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
