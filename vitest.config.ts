import { defineConfig } from 'vitest/config';
import { interfaceMessages } from './client/i18n-catalogues';

export default defineConfig({
  test: {
    // Two cores: PGlite copies are CPU-bound WASM, so more workers only thrash.
    maxWorkers: 2,
    projects: [
      {
        // The interface's catalogues, for client code that reads them (client/src/lib/i18n).
        plugins: [interfaceMessages()],
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'client/src/**/*.test.{ts,tsx}',
            'tests/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
            'tests/helpers/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/push-tls.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
