// `npm test`: type check, lint and format check side by side, then every vitest project — unit, the
// server suite on SQLite and on PostgreSQL, and the browser tests — ending with one summary line.
//
// The browser tests that change this machine (e2e-machine: apt, dpkg) run one file at a time, and
// vitest runs a project without file parallelism after all the others; so they run in a second
// vitest process from the start, beside the rest (two workers). `npm test -- FILE…` narrows to
// one vitest process.
// On another Node line it re-runs itself on the pinned one (pinned-node.mjs).
import { runOnPinnedNode } from './pinned-node.mjs';

// Before anything that may load a native module: on Node 20 the test workers die of a segmentation fault.
await runOnPinnedNode();

const { default: pg } = await import('pg');
const { buildAgentIfStale } = await import('./agent-build.mjs');
const { runChecksSideBySide, startVitest } = await import('./test-processes.mjs');
const { buildWebIfStale } = await import('./web-build.mjs');

const required = process.env.LOADOUT_REQUIRE_POSTGRES === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extraArgs = process.argv.slice(2);

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

const failedChecks = await runChecksSideBySide([
  { label: 'Type check (tsc)', args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { label: 'Lint (eslint)', args: ['node_modules/eslint/bin/eslint.js', '.'] },
  {
    label: 'Format (prettier --check; `npx prettier --write .` fixes it)',
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  },
]);
if (failedChecks.length > 0) {
  console.error(`\n${failedChecks.join(', ')} failed.`);
  process.exit(1);
}
buildWebIfStale();
// The delivery tests and the browser tests run the built agent file.
await buildAgentIfStale();

const serverProjects = ['unit', 'server-sqlite'];
if (await postgresReachable()) {
  serverProjects.push('server-postgres');
} else if (required) {
  console.error(`PostgreSQL is required (LOADOUT_REQUIRE_POSTGRES=1) but not reachable at ${postgresUrl}.`);
  process.exit(1);
} else {
  console.warn(`\n⚠ PostgreSQL is not reachable at ${postgresUrl}: skipping the PostgreSQL suite (CI requires it).`);
}

const reporters = ['--reporter=default', '--reporter=./tests/fixtures/summary-reporter.ts'];
const asProjects = (projects) => projects.flatMap((project) => ['--project', project]);
// Two workers: the browser tests spend most of their time waiting on a browser or an agent.
const workers = ['--maxWorkers', '2'];
const runs =
  extraArgs.length > 0
    ? [startVitest([...asProjects([...serverProjects, 'e2e', 'e2e-machine']), ...reporters, ...extraArgs], { live: true })]
    : [
        startVitest([...asProjects([...serverProjects, 'e2e']), ...workers, ...reporters], { live: true }),
        startVitest([...asProjects(['e2e-machine']), ...reporters], { live: false }),
      ];

console.log(
  extraArgs.length > 0
    ? '\n▶ vitest'
    : '\n▶ vitest: unit, server and browser suites (the browser tests that change this machine run beside them, shown after)',
);
const results = [];
for (const run of runs) {
  run.release();
  results.push(await run.finished);
}
const total = { passed: 0, failed: 0, skipped: 0 };
for (const { counts } of results) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
const exitCode = results.some(({ code }) => code !== 0) || total.failed > 0 ? 1 : 0;
process.stdout.write(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(exitCode);
