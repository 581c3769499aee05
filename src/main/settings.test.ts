import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { SETTINGS_FILE, SettingsStore } from './settings';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'loadout-settings-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts empty and keeps what was chosen', async () => {
    const dir = newDir();
    const store = new SettingsStore(dir);
    expect(await store.load()).toEqual({});
    await store.update({ serverUrl: 'https://loadout.example/' });
    await store.update({ startAtLogin: false });
    expect(await new SettingsStore(dir).load()).toEqual({ serverUrl: 'https://loadout.example', startAtLogin: false });
  });

  it('falls back to the defaults when the file is damaged or holds something unsafe', async () => {
    const dir = newDir();
    writeFileSync(join(dir, SETTINGS_FILE), '{not json');
    expect(await new SettingsStore(dir).load()).toEqual({});
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ serverUrl: 'javascript:alert(1)' }));
    expect(await new SettingsStore(dir).load()).toEqual({});
  });

  it('refuses to save a server that is not an http(s) address', async () => {
    await expect(new SettingsStore(newDir()).update({ serverUrl: 'file:///etc' })).rejects.toThrow();
  });
});
