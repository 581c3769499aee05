import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

/**
 * The browser tests that install or remove packages, or touch the agent's files outside a
 * folder of their own: found by what they use, so that a new one cannot land among the tests
 * that run side by side.
 */
const E2E_DIR = fileURLToPath(new URL('./tests/e2e/', import.meta.url));
const E2E_ON_THIS_MACHINE = readdirSync(E2E_DIR)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    /helpers\/machine|helpers\/local-apt-repo|\b(apt-get|dpkg|systemctl)\b|\/etc\/loadout/.test(readFileSync(`${E2E_DIR}${file}`, 'utf8')),
  )
  .map((file) => `tests/e2e/${file}`);

// Projects: unit tests beside the code, server tests through buildApp() on a real database (once
// per database: server-sqlite and server-postgres), and browser tests (e2e and e2e-machine).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
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
          globalSetup: database === 'postgres' ? ['tests/fixtures/postgres-schemas-setup.ts'] : [],
          // Each file builds its own app on its own database, and none mocks a module: sharing the
          // worker's module cache between files saves importing the server once per file, which
          // was more than half of this suite's time.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      // Browser tests: those that change this machine (apt, dpkg, the agent's system files) run one
      // at a time in e2e-machine; the others, each with its own server and browser, side by side.
      ...(['e2e', 'e2e-machine'] as const).map((name) => ({
        resolve: { alias },
        test: {
          name,
          include: name === 'e2e-machine' ? E2E_ON_THIS_MACHINE : ['tests/e2e/**/*.test.ts'],
          exclude: name === 'e2e-machine' ? [] : E2E_ON_THIS_MACHINE,
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node' as const,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: name !== 'e2e-machine',
        },
      })),
    ],
  },
});
