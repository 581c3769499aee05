// Child processes for `npm test`: checks that run side by side with their output kept whole, and
// vitest runs whose closing counts are added into one summary line.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `node ARGS` and resolves with its exit code and everything it printed, in order. */
function runCaptured(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}

/**
 * Runs the checks at once (two cores halve their time) and prints each one's output as one block
 * when it ends, so lines of two checks never interleave. Resolves with the labels that failed.
 */
export async function runChecksSideBySide(checks) {
  const failed = [];
  await Promise.all(
    checks.map(async ({ label, args }) => {
      const started = Date.now();
      const { code, output } = await runCaptured(args);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n▶ ${label}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds} s)\n`);
      process.stdout.write(output);
      if (code !== 0) failed.push(label);
    }),
  );
  return failed;
}

/**
 * Starts one vitest run. Its counts go to a file of its own (tests/fixtures/summary-reporter.ts
 * writes them there when LOADOUT_SUMMARY_FILE is set) so that the caller prints one closing line.
 * `live: false` holds its output until `release()` and then streams the rest: two runs side by side
 * never interleave their lines.
 */
export function startVitest(args, { live }) {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-test-'));
  const summaryFile = join(folder, 'summary.json');
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
    env: { ...process.env, LOADOUT_SUMMARY_FILE: summaryFile },
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
  });
  let held = live ? null : [];
  if (!live) {
    const forward = (stream) => (chunk) => (held ? held.push([stream, chunk]) : stream.write(chunk));
    child.stdout.on('data', forward(process.stdout));
    child.stderr.on('data', forward(process.stderr));
  }
  const finished = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let counts = { passed: 0, failed: 1, skipped: 0 };
      try {
        counts = JSON.parse(readFileSync(summaryFile, 'utf8'));
      } catch {
        // No summary: vitest died before its reporters ran. Counted as one failure below.
      }
      rmSync(folder, { recursive: true, force: true });
      resolve({ code: code ?? (signal ? 1 : 0), counts });
    });
  });
  return {
    finished,
    release() {
      if (!held) return;
      for (const [stream, chunk] of held) stream.write(chunk);
      held = null;
    },
  };
}
