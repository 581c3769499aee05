// Builds the web app when dist/renderer is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/renderer', 'src/shared', 'vite.config.ts', 'scripts/precompress.mjs', 'package-lock.json'];
const OUTPUT = 'dist/renderer/index.html';

export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function webBuildIsStale() {
  if (!existsSync(OUTPUT)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (vite build)…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app did not build.');
    process.exit(result.status ?? 1);
  }
}
