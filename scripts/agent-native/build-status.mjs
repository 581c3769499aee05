// build-status.json beside the native builds while scripts/agent-native-build.mjs runs, so the
// server can tell an administrator that a build is on its way (or that the last one failed)
// instead of only "no build". The server reads it (src/server/services/agent-native-build-status.ts)
// and trusts a "building" status only while its process is alive: a killed build says nothing.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_STATUS_FILE = 'build-status.json';

function write(dir, status) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, BUILD_STATUS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(status)}\n`);
  renameSync(temporary, file);
}

/** targets: the chosen TARGETS entries; startedWithServer: `npm start` began it, not a person. */
export function markBuilding(dir, targets, startedWithServer) {
  const builds = targets.map(({ platform, arch }) => ({ platform, arch }));
  write(dir, { state: 'building', pid: process.pid, builds, startedWithServer, startedAt: new Date().toISOString() });
}

export function markFailed(dir, targets, startedWithServer) {
  const builds = targets.map(({ platform, arch }) => ({ platform, arch }));
  write(dir, { state: 'failed', builds, startedWithServer, finishedAt: new Date().toISOString() });
}

/** A finished build is told by the manifest itself. */
export function clearBuildStatus(dir) {
  rmSync(join(dir, BUILD_STATUS_FILE), { force: true });
}
