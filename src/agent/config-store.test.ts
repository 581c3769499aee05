import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { ConfigStore, defaultConfigDir } from './config-store';

const config = { server: 'https://loadout.example.com', deviceId: 'agent-1234', deviceName: 'Build box', credential: 's3cret' };

describe('ConfigStore', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const temp = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agent-config-'));
    dirs.push(dir);
    return join(dir, 'nested', 'agent');
  };

  it.skipIf(process.platform === 'win32')('writes the credential readable by its owner only, in a folder only they can open', async () => {
    const store = new ConfigStore(await temp());
    await store.save(config);
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect((await stat(store.dir)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual(config);
    // Written then renamed: no temporary file is left behind.
    expect(await readdir(store.dir)).toEqual(['agent.json']);
  });

  it('reads back what it saved, answers null when not enrolled, and forgets it', async () => {
    const store = new ConfigStore(await temp());
    expect(await store.load()).toBeNull();
    await store.save(config);
    expect(await store.load()).toEqual(config);
    expect(await store.remove()).toBe(true);
    expect(await store.load()).toBeNull();
    expect(await store.remove()).toBe(false);
  });

  it('says a damaged file is damaged without showing its content', async () => {
    const store = new ConfigStore(await temp());
    await store.save(config);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(store.file, '{"credential":"s3cret"');
    await expect(store.load()).rejects.toThrow(/is damaged: remove it and enrol again/);
    await expect(store.load()).rejects.not.toThrow(/s3cret/);
    // JSON, but not an enrolment: as damaged, the secret still unshown.
    await writeFile(store.file, '{"server":"https://loadout.example","credential":"s3cret"}');
    await expect(store.load()).rejects.toThrow(/is damaged: remove it and enrol again/);
    await expect(store.load()).rejects.not.toThrow(/s3cret/);
  });
});

describe('defaultConfigDir', () => {
  const base = { env: {}, home: '/home/ada', privileged: false };
  it('is per user, or the system folder as root/SYSTEM', () => {
    expect(defaultConfigDir({ ...base, platform: 'linux' })).toBe('/home/ada/.config/loadout-agent');
    expect(defaultConfigDir({ ...base, platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/loadout-agent');
    expect(defaultConfigDir({ ...base, platform: 'linux', env: { XDG_CONFIG_HOME: 'relative' } })).toBe('/home/ada/.config/loadout-agent');
    expect(defaultConfigDir({ ...base, platform: 'linux', privileged: true })).toBe('/etc/loadout-agent');
    expect(defaultConfigDir({ ...base, platform: 'darwin' })).toBe('/home/ada/Library/Application Support/Loadout Agent');
    expect(defaultConfigDir({ ...base, platform: 'darwin', privileged: true })).toBe('/Library/Application Support/Loadout Agent');
    expect(defaultConfigDir({ ...base, platform: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' } })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Loadout\\Agent',
    );
    expect(defaultConfigDir({ ...base, platform: 'win32', privileged: true, env: { ProgramData: 'C:\\ProgramData' } })).toBe(
      'C:\\ProgramData\\Loadout\\Agent',
    );
  });
});
