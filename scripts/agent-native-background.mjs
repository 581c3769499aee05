// `npm start` builds the native agent for its own machine once the server listens, when it is
// missing or stale, so a fresh clone offers a Linux download in the Devices dialog within a minute
// (the server reads manifest.json on every request: no restart). Only Linux x64 can build here
// (the builder runs the pinned Linux x64 Node); other systems, and the other targets, come from
// `npm run build:agent-native`. LOADOUT_AGENT_NATIVE_BUILD=off turns it off; a server whose
// AGENT_NATIVE_DIR is another folder is left to its operator.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { agentNativeBuildIsStale, NATIVE_DIR, NATIVE_MANIFEST } from './agent-native-build.mjs';
import { BUILD_STATUS_FILE } from './agent-native/build-status.mjs';
import { REPO_ROOT } from './agent-native/paths.mjs';
import { TARGETS } from './agent-native/targets.mjs';

const OWN_TARGET = 'linux-x64';
export const BUILD_LOG = join(NATIVE_DIR, 'build.log');

/** Why there is nothing to build in the background; null when a build should start. */
export function backgroundBuildSkipped(env = process.env, platform = process.platform, arch = process.arch) {
  if (env.LOADOUT_AGENT_NATIVE_BUILD === 'off') return 'turned off (LOADOUT_AGENT_NATIVE_BUILD=off)';
  if (`${platform}-${arch}` !== OWN_TARGET) return `native agents are built on Linux x64 (this is ${platform}-${arch})`;
  if (resolve(env.AGENT_NATIVE_DIR ?? join(REPO_ROOT, 'dist/agent/native')) !== resolve(NATIVE_DIR))
    return 'AGENT_NATIVE_DIR is another folder';
  if (!agentNativeBuildIsStale([OWN_TARGET], env)) return 'up to date';
  if (buildUnderWay()) return 'a build is under way';
  return null;
}

function buildUnderWay() {
  try {
    const status = JSON.parse(readFileSync(join(NATIVE_DIR, BUILD_STATUS_FILE), 'utf8'));
    if (status.state !== 'building') return false;
    process.kill(status.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Linux x64, and whatever the last build made too: a rebuild never drops a download the server had. */
function targetsToBuild() {
  const ids = new Set([OWN_TARGET]);
  try {
    for (const build of JSON.parse(readFileSync(NATIVE_MANIFEST, 'utf8')).builds) {
      const target = TARGETS.find((t) => t.platform === build.platform && t.arch === build.arch);
      if (target) ids.add(target.id);
    }
  } catch {
    // No manifest yet: Linux x64 alone.
  }
  return [...ids];
}

/** Starts the build as a low-priority child writing to BUILD_LOG; the child, or null when none is needed. */
export function buildOwnAgentInBackground(env = process.env) {
  if (backgroundBuildSkipped(env) !== null) return null;
  const targets = targetsToBuild();
  mkdirSync(NATIVE_DIR, { recursive: true });
  const log = openSync(BUILD_LOG, 'w');
  const shownLog = relative(process.cwd(), BUILD_LOG);
  console.log(`Building the native agent (${targets.join(', ')}) in the background for the Devices page; its output goes to ${shownLog}.`);
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'scripts/agent-native-build.mjs'), '--targets', targets.join(','), '--started-with-server'],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', log, log],
    },
  );
  // The server answers first; the build takes what is left of the processor.
  try {
    setPriority(child.pid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed here: it runs at normal priority.
  }
  child.on('exit', (code, signal) => {
    if (code === 0) console.log('The native agent is built: the Devices page offers it now.');
    // Stopped with the server (or Ctrl-C, which reaches the whole process group): nothing to say.
    else if (!['SIGTERM', 'SIGINT', 'SIGHUP'].includes(signal)) {
      console.error(
        `The native agent did not build (${code === null ? signal : `exit code ${code}`}): ${shownLog} says why; \`npm run build:agent-native -- --targets ${targets.join(',')}\` tries again.`,
      );
    }
  });
  return child;
}
