// The agent's own version and service files, read from src/agent (TypeScript) through esbuild,
// so the packages carry the same systemd unit and launchd plist as `service install` writes.
import { build } from 'esbuild';

import { REPO_ROOT } from './paths.mjs';
import { bakedVersion } from './sea.mjs';

const ENTRY = `
export { AGENT_VERSION } from './src/agent/version.ts';
export { SYSTEMD_UNIT_NAME, systemdUnit } from './src/agent/service/systemd.ts';
export { LAUNCHD_LABEL, LAUNCHD_LOG_PATH, launchdPlist } from './src/agent/service/launchd.ts';
`;

/** `LOADOUT_AGENT_VERSION=x.y.z` builds that version (tests use it to make a "newer" agent). */
export async function loadAgentSources(env = process.env) {
  const override = env.LOADOUT_AGENT_VERSION;
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, loader: 'ts' },
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins: override ? [bakedVersion(override)] : [],
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
