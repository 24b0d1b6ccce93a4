/**
 * The served OpenAPI document is usable by other people's tools (docs/decisions/012-module-fences.md): Redocly CLI's recommended rules
 * find no error in it, every operation has a unique operationId and the security its declared access implies, and
 * openapi-typescript turns it into types that a small client type-checks against (wrong calls fail to compile).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/helpers/test-app';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

describe('the served OpenAPI document', () => {
  const t = useTestApp();
  const document = async () => (await t.current.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'whispers-openapi-test-'));

  it('passes Redocly CLI recommended rules with no error', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'openapi.json');
    await fs.writeFile(file, JSON.stringify(await document()));
    // Exits non-zero when it finds errors; the JSON report is on stdout either way.
    const { stdout } = await run(
      bin('redocly'),
      ['lint', file, '--format=json', `--config=${path.join(root, 'redocly.yaml')}`],
      {
        cwd: dir,
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('gives every operation a unique operationId and the security its access declares', async () => {
    const doc = await document();
    const operations = Object.entries(
      doc.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>,
    ).flatMap(([route, item]) =>
      METHODS.flatMap((method) => (item[method] ? [{ key: `${method} ${route}`, ...item[method] }] : [])),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.every((operation) => Array.isArray(operation.security))).toBe(true);
    expect(doc.paths['/api/stories/{id}'].delete.operationId).toBe('deleteStoriesById');
    expect(doc.paths['/api/stories/{id}'].delete.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/categories'].get.security).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'whispers_session',
    });
    expect(doc.components.securitySchemes.session.description).toContain('__Host-whispers_session');
  });

  it('generates types with openapi-typescript that type-check real calls and refuse wrong ones', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'whispers-api.d.ts'), astToString(await openapiTS(await document())));
    await fs.writeFile(
      path.join(dir, 'calls.ts'),
      `import type { paths } from './whispers-api';

type Json<Op, Status extends number | string> = Op extends { responses: Record<Status, { content: { 'application/json': infer B } }> } ? B : never;
type Discoverable = paths['/api/stories/discoverable/{lat}/{lng}']['get'];
type Story = paths['/api/stories/{id}']['get'];

const params: Discoverable['parameters']['path'] = { lat: 48.85, lng: 2.35 };
export const query: Discoverable['parameters']['query'] = { accuracy: 12 };
export const first = (answer: Json<Discoverable, 200>): string | undefined => answer[0]?.title;
export const locked = (story: Json<Story, 200>): boolean => story.isLocked;
export const register: paths['/api/user/register']['post']['requestBody']['content']['application/json'] = {
  username: 'ada', displayName: 'Ada', email: 'ada@example.org', password: 'correct horse battery',
};
export const storyId: Story['parameters']['path'] = { id: '00000000-0000-4000-8000-000000000000' };
export const message = (error: Json<Story, '4XX'>): string => error.message;
// Wrong calls must not compile, or the types prove nothing.
// @ts-expect-error a path parameter the route does not have
export const wrongParam: Story['parameters']['path'] = { storyId: 'x' };
// @ts-expect-error a field the story answer does not have
export const wrongField = (story: Json<Story, 200>) => story.secretContent;
export { params };
`,
    );
    const tsc = await run(
      bin('tsc'),
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--skipLibCheck',
        'calls.ts',
      ],
      { cwd: dir },
    ).catch((error: { stdout: string; code: number }) => error);
    expect('code' in tsc ? tsc.stdout : '').toBe('');
  }, 120_000);
});
