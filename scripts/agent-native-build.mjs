// Builds the device agent as native programs that need no Node.js on the machine (Node single
// executable applications), and their packages, into dist/agent/native/ with a manifest.json the
// server reads: `npm run build:agent-native [-- --targets linux-x64,windows-x64]`.
// How it works, sizes and times: docs/agent-builds.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { loadAgentSources } from './agent-native/agent-sources.mjs';
import { clearBuildStatus, markBuilding, markFailed } from './agent-native/build-status.mjs';
import { checkExecutable } from './agent-native/checks.mjs';
import { buildDeb, DEB_CONFIG_DIR, DEB_LINK } from './agent-native/deb.mjs';
import { buildMacosTarball, MACOS_HOME, MACOS_PROGRAM } from './agent-native/macos-tarball.mjs';
import { hasTool, nodeLicense } from './agent-native/node-binaries.mjs';
import { fromRoot, NATIVE_DIR } from './agent-native/paths.mjs';
import { bundleAgentCjs, injectSea, makeSeaBlob } from './agent-native/sea.mjs';
import { smokeTest } from './agent-native/smoke-test.mjs';
import { chooseTargets, executableName, NODE_VERSION, TARGETS } from './agent-native/targets.mjs';
import { buildMsi } from './agent-native/windows-msi.mjs';
import { newestMtime } from './web-build.mjs';

export { NATIVE_DIR };
export const NATIVE_MANIFEST = join(NATIVE_DIR, 'manifest.json');
const SOURCES = ['src/agent', 'src/shared', 'package-lock.json', 'tsconfig.json', 'scripts/agent-native-build.mjs', 'scripts/agent-native'];

function readManifest() {
  try {
    return JSON.parse(readFileSync(NATIVE_MANIFEST, 'utf8'));
  } catch {
    return null;
  }
}

/** Stale when the manifest is missing, older than a source, of another version, or lacks a wanted program. */
export function agentNativeBuildIsStale(targetIds = TARGETS.map((target) => target.id), env = process.env) {
  const manifest = readManifest();
  if (!manifest) return true;
  if (env.LOADOUT_AGENT_VERSION && manifest.version !== env.LOADOUT_AGENT_VERSION) return true;
  const built = statSync(NATIVE_MANIFEST).mtimeMs;
  if (SOURCES.some((source) => newestMtime(fromRoot(source)) > built)) return true;
  const wanted = chooseTargets(targetIds.join(',')).map(executableName);
  return wanted.some((file) => !manifest.builds.some((build) => build.file === file && existsSync(join(NATIVE_DIR, file))));
}

const megabytes = (path) => `${(statSync(path).size / 1e6).toFixed(1)} MB`;

/** A package this machine cannot make is left out of the manifest, with the reason on the console. */
function skipped(reason) {
  console.warn(reason);
  return [];
}

/** The packages of one target, beside its executable, as manifest entries. */
function buildPackages(target, executable, sources, version, outDir) {
  const license = nodeLicense(target.node, target.prepare);
  const base = `loadout-agent-${target.id}`;
  if (target.platform === 'linux') {
    if (!hasTool('dpkg-deb')) return skipped(`No dpkg-deb here: no ${base}.deb`);
    const unitText = sources.systemdUnit([DEB_LINK, 'run', '--config-dir', DEB_CONFIG_DIR]);
    buildDeb({
      executable,
      license,
      version,
      debArch: target.debArch,
      unitName: sources.SYSTEMD_UNIT_NAME,
      unitText,
      outFile: join(outDir, `${base}.deb`),
    });
    return [{ format: 'deb', file: `${base}.deb` }];
  }
  if (target.platform === 'macos') {
    const plistName = `${sources.LAUNCHD_LABEL}.plist`;
    const plistText = sources.launchdPlist([MACOS_PROGRAM, 'run', '--config-dir', MACOS_HOME]);
    buildMacosTarball({ executable, license, version, folderName: base, plistName, plistText, outFile: join(outDir, `${base}.tar.gz`) });
    return [{ format: 'tar.gz', file: `${base}.tar.gz` }];
  }
  if (!hasTool('wixl')) return skipped(`No wixl here (apt-get install -y wixl): no ${base}.msi`);
  if (!buildMsi({ executable, version, outFile: join(outDir, `${base}.msi`) })) {
    return skipped(`"${version}" is not an MSI version (major.minor.build): no ${base}.msi`);
  }
  return [{ format: 'msi', file: `${base}.msi` }];
}

/**
 * Builds the chosen targets (all by default) and writes manifest.json last, listing only what was
 * built. While it runs, build-status.json tells the server (and so an administrator) it is coming.
 */
export async function buildAgentNative({
  targets = TARGETS.map((target) => target.id),
  env = process.env,
  startedWithServer = false,
} = {}) {
  const chosen = chooseTargets(targets.join(','));
  markBuilding(NATIVE_DIR, chosen, startedWithServer);
  try {
    await buildChosen(chosen, env);
    clearBuildStatus(NATIVE_DIR);
  } catch (error) {
    markFailed(NATIVE_DIR, chosen, startedWithServer);
    throw error;
  }
}

async function buildChosen(chosen, env) {
  const started = Date.now();
  const sources = await loadAgentSources(env);
  const version = sources.AGENT_VERSION;
  // Everything is made in a staging folder and moved in only when all of it passed its checks,
  // so a failed build leaves the last good programs and their manifest as they were.
  const staging = join(NATIVE_DIR, `.staging-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'loadout-sea-'));
  const builds = [];
  try {
    await bundleAgentCjs(version, join(work, 'loadout-agent.cjs'));
    const blobs = new Map();
    for (const target of chosen) {
      const nodeVersion = target.node.version;
      if (!blobs.has(nodeVersion)) blobs.set(nodeVersion, makeSeaBlob(nodeVersion, 'loadout-agent.cjs', work));
      const file = executableName(target);
      const executable = join(staging, file);
      await injectSea(target, blobs.get(nodeVersion), executable);
      const problems = checkExecutable(executable, target);
      if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
      if (target.id === 'linux-x64' && process.platform === 'linux' && process.arch === 'x64') smokeTest(executable, version);
      const entries = [{ format: 'exe', file }, ...buildPackages(target, executable, sources, version, staging)];
      for (const entry of entries) {
        builds.push({ platform: target.platform, arch: target.arch, ...entry, node: nodeVersion });
        console.log(`  ${entry.file.padEnd(36)} ${megabytes(join(staging, entry.file)).padStart(9)}`);
      }
    }
    for (const { file } of builds) renameSync(join(staging, file), join(NATIVE_DIR, file));
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
  const temporary = `${NATIVE_MANIFEST}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ version, node: NODE_VERSION, builds }, null, 2)}\n`);
  renameSync(temporary, NATIVE_MANIFEST);
  console.log(
    `Built the agent ${version} for ${chosen.map((target) => target.id).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

export async function buildAgentNativeIfStale(options = {}) {
  if (!agentNativeBuildIsStale(options.targets, options.env)) return;
  console.log('Building the native agent (single executable applications)…');
  await buildAgentNative(options);
}

// `node scripts/agent-native-build.mjs [--targets …]` (npm run build:agent-native) builds always.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // --started-with-server: `npm start` runs it in the background (the web app says so).
  const { values } = parseArgs({ options: { targets: { type: 'string' }, 'started-with-server': { type: 'boolean' } } });
  try {
    await buildAgentNative({
      ...(values.targets ? { targets: values.targets.split(',') } : {}),
      startedWithServer: values['started-with-server'] === true,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
