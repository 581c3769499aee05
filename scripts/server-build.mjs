// Bundles the server into dist/server/server.mjs when it is missing or older than its sources.
// Dependencies stay external; our own ~150 TypeScript files become one ES module, so start-up
// does not pay a TypeScript loader hook per import (the budget: ready in under 3 s).
import { existsSync, statSync } from 'node:fs';
import { build } from 'esbuild';

import { newestMtime } from './web-build.mjs';

const SOURCES = ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json'];
export const SERVER_BUNDLE = 'dist/server/server.mjs';

export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  console.log('Building the server (esbuild)…');
  await build({
    entryPoints: ['src/server/server.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  });
}
