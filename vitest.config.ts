import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

// Three projects: unit tests beside the code, server tests through buildApp() on a real
// database (once per database: server-sqlite and server-postgres), and browser tests.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // DOM tests (`@vitest-environment happy-dom`) get a real origin, so relative API URLs reach msw.
          environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
          // Screens load their lazy chunks on first render, which is slow when every file runs at once on 2 cores.
          testTimeout: 20_000,
          setupFiles: ['tests/fixtures/unit-setup.ts'],
        },
      },
      ...(['sqlite', 'postgres'] as const).map((database) => ({
        resolve: { alias },
        test: {
          name: `server-${database}`,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node' as const,
          env: { TEST_DB: database },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
