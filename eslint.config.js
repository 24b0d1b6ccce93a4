import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import localRules from './eslint-rules/import-cycles.js';

// Client layers (docs/architecture.md): app → features → components/lib. A feature never reaches into another
// feature; pages in app/routes compose features. Each feature folder (found on disk, so a new one is fenced at
// once) gets a zone forbidding every other one.
const CLIENT_FEATURES = fs
  .readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...CLIENT_FEATURES.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message:
      'A feature must not import another feature: move the shared piece to lib/ or components/, or compose both in a page (app/routes).',
  })),
  {
    target: ['./client/src/features', './client/src/components', './client/src/lib', './client/src/config'],
    from: './client/src/app',
    message: 'Only the app layer imports the app layer.',
  },
  {
    target: ['./client/src/components', './client/src/lib', './client/src/config'],
    from: './client/src/features',
    message: 'Shared code (components/, lib/) must not depend on a feature.',
  },
  {
    target: './client/src',
    from: './server',
    message: 'The client never imports server code (secrets, database): share it through common/.',
  },
];

// Server zones (docs/architecture.md "The server's fences"). A module (server/src/modules/<x>, found on disk) is
// used by another module only through its index.ts, which exports what it offers others; its other files are
// internals. The layers below the modules (lib, db, media, mail, weather, shared-state, plugins, config.ts) import
// no module, so nothing points up. app.ts (the composition root) and test code are outside these fences.
const SERVER_MODULES = fs
  .readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const BELOW_MODULES = ['lib', 'db', 'media', 'mail', 'weather', 'shared-state', 'plugins'].map(
  (dir) => `./server/src/${dir}`,
);
/** `allowed`: module → files of it (relative to the module) that the linted file may import anyway. */
const serverZones = (allowed = {}) => [
  ...SERVER_MODULES.map((module) => ({
    target: SERVER_MODULES.filter((other) => other !== module).map((other) => `./server/src/modules/${other}`),
    from: `./server/src/modules/${module}`,
    except: ['./index.ts', ...(allowed[module] ?? []).map((file) => `./${file}`)],
    message: `Another module is used only through its index.ts: export what you need from modules/${module}/index.ts (or receive it as a port).`,
  })),
  {
    target: [...BELOW_MODULES, './server/src/config.ts'],
    from: './server/src/modules',
    message:
      'Layers below the modules never import a module: move the shared piece down (lib/, or beside config.ts), or have the module hand it in.',
  },
];

// Known crossings of the module fence, each with the follow-up that removes it. Keep this list short and honest:
// an entry is a debt, not a permission.
const MODULE_FENCE_ALLOWLIST = [
  // Empty since docs/decisions/012-module-fences.md (each module's plugin builds its parts once; other modules use the decoration).
  // An entry: { file: 'server/src/modules/<x>/….ts', allowed: { <module>: ['<file>.ts'] } }, with its follow-up.
];

// Only data-access code runs queries: repositories, server/src/db/, the operator tools (ops/: whole-database copies
// and backups) and these files, which are repositories by another name. A type-only import (a row type) is fine.
const DATA_ACCESS_FILES = [
  'server/src/modules/auth/session-store.ts',
  'server/src/modules/auth/throttle.ts',
  'server/src/modules/stories/story-queries.ts',
];
// Known crossings of the database fence, each with its follow-up.
const DATABASE_FENCE_ALLOWLIST = [
  // Follow-up: move the sweep's "which story ids still exist" query into a repository function the sweep is given.
  'server/src/media/orphan-media.ts',
];

// The TypeScript resolver (tsconfig paths, package.json "imports", .ts/.tsx), so that import-x follows every import.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
};

// (esquery regexes cannot hold a `/`: \x2F is one.)
const API_BY_NAME = [
  {
    selector: 'Literal[value=/^\\x2Fapi\\x2F/]',
    message: "Call the API by name: callApi('…') from #client/lib/api (or apiPath('…') where a URL is needed).",
  },
  {
    selector: 'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]',
    message: "Call the API by name: callApi('…') from #client/lib/api (or apiPath('…') where a URL is needed).",
  },
];

/** Every screen's words are in the catalogues (docs/decisions/062-interface-languages.md): no English literal in any component. */
const TRANSLATED_SCREENS = ['client/src/**/*.tsx'];
const CATALOGUE_MESSAGE = "Put the words in a catalogue (client/src/lib/i18n/messages) and render t('…').";
const WORDS_IN_CATALOGUES = [
  { selector: 'JSXText[value=/[A-Za-z]{2}/]', message: CATALOGUE_MESSAGE },
  {
    selector:
      'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|altText)$/] > Literal[value=/[A-Za-z]{2}/]',
    message: CATALOGUE_MESSAGE,
  },
  { selector: 'JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]{2}/]', message: CATALOGUE_MESSAGE },
  { selector: 'JSXElement > JSXExpressionContainer > TemplateLiteral', message: CATALOGUE_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'server/src/db/migrations/**',
      // Each breaks one fence on purpose; tests/lint-fences.test.ts lints them and expects every one reported.
      'tests/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Type-aware rules for the Node side (server, shared contract, tests, benchmarks, scripts): promises are
    // awaited or handled, switches cover every case, no assertion the types already guarantee.
    files: ['server/**/*.ts', 'common/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // No import cycles anywhere in the app's code (client, server, common).
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'common/**/*.ts', 'tests/lint-fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // import-x/no-cycle skips type-only imports; this one counts them (eslint-rules/import-cycles.js).
    files: [
      'client/src/**/*.{ts,tsx}',
      'server/src/**/*.ts',
      'common/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    plugins: { local: localRules },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    // No file over 400 lines (blank lines and comments count: a file is read whole), tests included. Past it, split
    // the file by what its parts hold.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Features call the API by route name (client/src/lib/api.ts, common/api/routes.ts): a hand-built /api/ URL
    // would drift from the server's routes.
    files: ['client/src/features/**/*.{ts,tsx}'],
    ignores: ['client/src/features/**/*.test.{ts,tsx}', ...TRANSLATED_SCREENS],
    rules: { 'no-restricted-syntax': ['error', ...API_BY_NAME] },
  },
  {
    // The interface's words live in the catalogues (client/src/lib/i18n, docs/decisions/062-interface-languages.md):
    // a screen made translatable may not render an English literal again. The API rule above applies here too.
    files: TRANSLATED_SCREENS,
    ignores: ['client/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...API_BY_NAME, ...WORDS_IN_CATALOGUES] },
  },
  {
    // The client's layers, and nothing of the server's.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientZones }] },
  },
  {
    // The shared contract is imported by both sides and imports neither.
    files: ['common/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './common',
              from: ['./server', './client'],
              message: 'common/ imports nothing from the server or the client.',
            },
          ],
        },
      ],
    },
  },
  {
    // zod lives in common's *-schemas.ts files (and the route contract): the helpers and lists beside them are
    // what the client's first screen imports, and must not bring the validator along (bench/README.md: ~25 KiB gzip).
    files: ['common/**/*.ts'],
    ignores: ['common/**/*schemas.ts', 'common/api/contract.ts', 'common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod(/.*)?$',
              allowTypeImports: true,
              message:
                'Only common/*-schemas.ts (and api/contract.ts) import zod: put the schema in the schemas file beside this one.',
            },
            {
              regex: '(^|/)(schemas|[a-z-]+-schemas|api/contract)$',
              allowTypeImports: true,
              message: 'A zod-free common module imports only types from a schemas file: move what you need out of it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/**/test-support/**', 'server/src/app.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones() }] },
  },
  ...MODULE_FENCE_ALLOWLIST.map(({ file, allowed }) => ({
    files: [file],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones(allowed) }] },
  })),
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/db/**',
      'server/src/**/*-repository.ts',
      'server/src/ops/**',
      ...DATA_ACCESS_FILES,
      'server/src/**/*.test.ts',
      'server/src/**/test-support/**',
      ...DATABASE_FENCE_ALLOWLIST,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$',
              allowTypeImports: true,
              message: 'Only repositories (*-repository.ts) and server/src/db/ run queries: put this in a repository.',
            },
            {
              regex: '(^|/)db/schema$',
              allowTypeImports: true,
              message:
                'Only repositories (*-repository.ts) and server/src/db/ use the tables: put this in a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware checks for the client (the server, common and tests have their own block): promises that are
    // dropped or handed where a void callback is expected, switches that miss a case, casts that change nothing.
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
);
