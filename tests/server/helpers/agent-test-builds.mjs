// Native agent builds for tests, made with the same steps as scripts/agent-native-build.mjs
// (bundle, SEA blob, injected into Node) but into a cache folder of their own, so a test can
// hold several versions at once without touching dist/agent/native.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { bundleAgentCjs, injectSea, makeSeaBlob } from '../../../scripts/agent-native/sea.mjs';
import { NODE_VERSION, TARGETS } from '../../../scripts/agent-native/targets.mjs';

const CACHE = join(tmpdir(), 'loadout-agent-test-builds');

/**
 * The Linux x64 agent with `version` baked in; `broken`: a program whose main script exits 1 at
 * once, as a build that cannot start would. Reused while its bundle is byte for byte the same.
 */
export async function testAgentBuild(version, { broken = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'loadout-sea-test-'));
  try {
    const bundle = join(work, 'loadout-agent.cjs');
    if (broken) writeFileSync(bundle, 'process.exit(1);\n');
    else await bundleAgentCjs(version, bundle);
    const key = createHash('sha256').update(readFileSync(bundle)).update(NODE_VERSION).digest('hex').slice(0, 16);
    const out = join(CACHE, `loadout-agent-${version}${broken ? '-broken' : ''}-${key}`);
    if (existsSync(out)) return out;
    mkdirSync(CACHE, { recursive: true });
    const target = TARGETS.find((each) => each.id === 'linux-x64');
    await injectSea(target, makeSeaBlob(NODE_VERSION, 'loadout-agent.cjs', work), out);
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
