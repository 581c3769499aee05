import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What ships in the desktop app, checked from its sources the way electron-vite bundles them
 * (everything but Electron inlined): native addons are built for Node's ABI, not Electron's,
 * and the server's code has no business in a client.
 */
async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    external: ['electron', 'bufferutil', 'utf-8-validate'],
    metafile: true,
    logLevel: 'silent',
    tsconfig: 'tsconfig.json',
  });
  return Object.keys(result.metafile.inputs);
}

const NATIVE = ['better-sqlite3', '@node-rs/argon2', 'sharp', 'pg'];

describe('desktop packaging', () => {
  it('bundles main without native addons or server code', async () => {
    const inputs = await bundledInputs('src/main/index.ts');
    expect(inputs.some((input) => input.startsWith('src/agent/agent.ts'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('src/server/'))).toEqual([]);
    expect(inputs.filter((input) => NATIVE.some((name) => input.includes(`node_modules/${name}/`)))).toEqual([]);
    expect(inputs.filter((input) => input.endsWith('.node'))).toEqual([]);
  });

  it('keeps each sandboxed preload to its own file and the channel names (no zod, nothing to require)', async () => {
    expect(await bundledInputs('src/preload/index.ts')).toEqual(['src/shared/desktop/channels.ts', 'src/preload/index.ts']);
    expect(await bundledInputs('src/preload/setup.ts')).toEqual(['src/preload/setup.ts']);
  });

  it("names the installers in the product's words and turns the Electron fuses off", () => {
    const config = readFileSync('electron-builder.yml', 'utf8');
    // ${productName} is "Loadout": "Loadout Desktop Setup.exe", "Loadout Desktop.dmg", "Loadout Desktop.AppImage".
    expect(config).toMatch(/^productName: Loadout$/m);
    expect(config).toMatch(/^nsis:\n(?: {2}.*\n)*? {2}artifactName: \$\{productName\} Desktop Setup\.\$\{ext\}$/m);
    expect(config).toMatch(/^dmg:\n {2}artifactName: \$\{productName\} Desktop\.\$\{ext\}$/m);
    expect(config).toMatch(/^appImage:\n {2}artifactName: \$\{productName\} Desktop\.\$\{ext\}$/m);
    for (const fuse of [
      'runAsNode',
      'enableNodeOptionsEnvironmentVariable',
      'enableNodeCliInspectArguments',
      'grantFileProtocolExtraPrivileges',
    ]) {
      expect(config).toMatch(new RegExp(`^ {2}${fuse}: false$`, 'm'));
    }
    for (const fuse of ['enableCookieEncryption', 'enableEmbeddedAsarIntegrityValidation', 'onlyLoadAppFromAsar']) {
      expect(config).toMatch(new RegExp(`^ {2}${fuse}: true$`, 'm'));
    }
    expect(config).toContain("- '!node_modules{,/**/*}'");
    expect(config).toMatch(/^protocols:\n {2}- name: Loadout\n {4}schemes: \[loadout\]$/m);
  });
});
