// Bundles the device agent into ONE dependency-free ES module, dist/agent/loadout-agent.mjs, when
// it is missing or older than its sources: a headless machine with Node >= 20 downloads it from
// the server (GET /api/client/agent) and runs it with no clone and no npm install.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

import { newestMtime } from './web-build.mjs';

const SOURCES = ['src/agent', 'src/shared', 'package-lock.json', 'tsconfig.json', 'scripts/agent-build.mjs'];
export const AGENT_BUNDLE = 'dist/agent/loadout-agent.mjs';

export function agentBuildIsStale() {
  if (!existsSync(AGENT_BUNDLE)) return true;
  const built = statSync(AGENT_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** Written to a temporary file and renamed: a test or the server never reads half a build. */
export async function buildAgent() {
  const result = await build({
    entryPoints: ['src/agent/cli.ts'],
    outfile: AGENT_BUNDLE,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ws tries these optional native add-ons inside try/catch and works without them.
    external: ['bufferutil', 'utf-8-validate'],
    // ws and node-machine-id are CommonJS: their require() of Node's modules needs a real require.
    banner: {
      js: [
        '#!/usr/bin/env node',
        "import { createRequire as __loadoutCreateRequire } from 'node:module';",
        'const require = __loadoutCreateRequire(import.meta.url);',
        // Before any of the agent runs: one readable line instead of an odd failure on an old Node.
        'if (Number(process.versions.node.split(".")[0]) < 20) {',
        "  console.error(`Loadout's agent needs Node.js 20 or later; this is ${process.version}.`);",
        '  process.exit(1);',
        '}',
      ].join('\n'),
    },
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: 'tsconfig.json',
  });
  const [file] = result.outputFiles;
  mkdirSync(dirname(AGENT_BUNDLE), { recursive: true });
  const temporary = `${AGENT_BUNDLE}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents, { mode: 0o755 });
  renameSync(temporary, AGENT_BUNDLE);
}

export async function buildAgentIfStale() {
  if (!agentBuildIsStale()) return;
  console.log('Building the device agent (esbuild)…');
  await buildAgent();
}

// `node scripts/agent-build.mjs` (npm run build:agent) builds it always.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildAgent();
