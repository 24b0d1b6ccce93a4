import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

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
    message: 'A feature must not import another feature: move the shared piece to lib/ or components/, or compose both in a page (app/routes).',
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
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'server/src/db/migrations/**'] },
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
      // The client never imports server code (secrets, database).
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Client code must not import server modules.' }] }],
    },
  },
  {
    // The client's import fences: layer zones and no import cycles.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
      'import-x/no-cycle': 'error',
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
