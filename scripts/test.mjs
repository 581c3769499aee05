// `npm test`: type check, lint, format check, then every vitest project — unit, the server suite on SQLite
// and on PostgreSQL, and the browser tests — ending with one summary line. On another Node line it
// re-runs itself on the pinned one (pinned-node.mjs).
import { spawnSync } from 'node:child_process';

import { runOnPinnedNode } from './pinned-node.mjs';

// Before anything that may load a native module: on Node 20 the test workers die of a segmentation fault.
await runOnPinnedNode();

const { default: pg } = await import('pg');
const { buildAgentIfStale } = await import('./agent-build.mjs');
const { buildWebIfStale } = await import('./web-build.mjs');

const required = process.env.LOADOUT_REQUIRE_POSTGRES === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extraArgs = process.argv.slice(2);

function run(label, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

run('Type check (tsc)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
run('Lint (eslint)', ['node_modules/eslint/bin/eslint.js', '.']);
run('Format (prettier --check; `npx prettier --write .` fixes it)', [
  'node_modules/prettier/bin/prettier.cjs',
  '--check',
  '--log-level',
  'warn',
  '.',
]);
buildWebIfStale();
// The delivery tests and the browser tests run the built agent file.
await buildAgentIfStale();

const projects = ['unit', 'server-sqlite', 'e2e'];
if (await postgresReachable()) {
  projects.push('server-postgres');
} else if (required) {
  console.error(`PostgreSQL is required (LOADOUT_REQUIRE_POSTGRES=1) but not reachable at ${postgresUrl}.`);
  process.exit(1);
} else {
  console.warn(`\n⚠ PostgreSQL is not reachable at ${postgresUrl}: skipping the PostgreSQL suite (CI requires it).`);
}

const vitest = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=./tests/fixtures/summary-reporter.ts',
    ...extraArgs,
  ],
  { stdio: 'inherit', env: process.env },
);
process.exit(vitest.status ?? 1);
