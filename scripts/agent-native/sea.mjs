// The agent as a Node single executable application: a CommonJS bundle of src/agent/cli.ts (an
// SEA's main script must be CommonJS, and its `require` reaches only Node's built-in modules, so
// everything else is bundled), a blob made by the same Node version that will run it, and that
// blob injected into a copy of the target's Node binary with postject.
import { chmodSync, copyFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import postject from 'postject';

import { nodeBinary } from './node-binaries.mjs';
import { fromRoot } from './paths.mjs';
import { run } from './run.mjs';
import { BLOB_MAKERS } from './targets.mjs';

/** The fuse every Node binary carries; postject flips it so Node looks for the blob at start. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
export const SEA_RESOURCE = 'NODE_SEA_BLOB';
export const SEA_MACHO_SEGMENT = 'NODE_SEA';
/** ws tries these optional native add-ons inside try/catch and works without them. */
const OPTIONAL_ADDONS = ['bufferutil', 'utf-8-validate'];

/** Replaces src/agent/version.ts in the bundle, so `--version` and hello say the version built. */
export const bakedVersion = (version) => ({
  name: 'loadout-agent-version',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]agent[\\/]version\.ts$/ }, () => ({
      contents: `export const AGENT_VERSION = ${JSON.stringify(version)};`,
      loader: 'ts',
    }));
  },
});

/** Fails the build if the bundle would require anything an SEA cannot load. */
function checkOnlyBuiltinRequires(code) {
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
  const outside = [...new Set(required)].filter((name) => !builtins.has(name) && !OPTIONAL_ADDONS.includes(name));
  if (outside.length > 0) throw new Error(`The agent bundle requires ${outside.join(', ')}, which a single executable cannot load`);
}

export async function bundleAgentCjs(version, file) {
  const result = await build({
    entryPoints: [fromRoot('src/agent/cli.ts')],
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    external: OPTIONAL_ADDONS,
    plugins: [bakedVersion(version)],
    legalComments: 'none',
    logLevel: 'warning',
    // A warning here (import.meta in CommonJS, say) would be a program that breaks at run time.
    logOverride: { 'empty-import-meta': 'error' },
    tsconfig: fromRoot('tsconfig.json'),
  });
  const code = result.outputFiles[0].text;
  checkOnlyBuiltinRequires(code);
  writeFileSync(file, code);
}

/** One blob per Node version, made by the Linux x64 Node of that version (it runs here). */
/** Relative names, run in workDir: the blob keeps the main script's name, which stack traces show. */
export function makeSeaBlob(nodeVersion, bundleName, workDir) {
  const maker = BLOB_MAKERS[nodeVersion];
  if (!maker) throw new Error(`No blob maker for Node ${nodeVersion} in targets.mjs`);
  const blob = `agent-${nodeVersion}.blob`;
  const config = `sea-config-${nodeVersion}.json`;
  writeFileSync(
    join(workDir, config),
    JSON.stringify({ main: bundleName, output: blob, disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false }),
  );
  const node = nodeBinary({ ...maker, version: nodeVersion, binary: 'package/bin/node' }, 'strip');
  run(node, ['--experimental-sea-config', config], { cwd: workDir });
  return join(workDir, blob);
}

/** A copy of the target's Node with the blob injected, renamed into place only when whole. */
export async function injectSea(target, blob, outFile) {
  const temporary = `${outFile}.${process.pid}.tmp`;
  copyFileSync(nodeBinary(target.node, target.prepare), temporary);
  await postject.inject(temporary, SEA_RESOURCE, readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    overwrite: true,
    ...(target.platform === 'macos' ? { machoSegmentName: SEA_MACHO_SEGMENT } : {}),
  });
  chmodSync(temporary, 0o755);
  renameSync(temporary, outFile);
}
