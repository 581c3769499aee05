// Node's packages from the npm registry (node-<os>-<arch>), kept in .cache/node-binaries/ so a
// rebuild downloads nothing: `npm pack` fetches the tarball (the only way out of these machines)
// and its integrity is checked against the pinned one (targets.mjs) before anything uses it.
// Only Node's standard library here: .ci/run calls it through use-node.mjs before `npm ci`.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { NODE_CACHE } from './paths.mjs';

function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** The package tarball, packed into the cache when missing; never used unless it is the pinned one. */
export function packedTarball(node) {
  const tarball = join(NODE_CACHE, `${node.pkg}-${node.version}.tgz`);
  if (!existsSync(tarball)) {
    mkdirSync(NODE_CACHE, { recursive: true });
    console.error(`Downloading ${node.pkg}@${node.version} (npm pack)…`);
    execFileSync('npm', ['pack', '--silent', `${node.pkg}@${node.version}`], { cwd: NODE_CACHE, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const actual = integrityOf(tarball);
  if (actual !== node.integrity) {
    rmSync(tarball, { force: true });
    throw new Error(`${tarball} is not the pinned ${node.pkg}@${node.version} (integrity ${actual}); it was deleted, run again`);
  }
  return tarball;
}
