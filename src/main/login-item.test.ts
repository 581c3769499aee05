import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUTOSTART_FILE, autostartEntry, HIDDEN_FLAG, quoteExecArgument, setStartAtLogin } from './login-item';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('start at login', () => {
  it('on macOS and Windows asks the OS, starting hidden in the tray', async () => {
    const app = { setLoginItemSettings: vi.fn() };
    await setStartAtLogin(true, { platform: 'darwin', app, executable: '/Applications/Loadout.app' });
    await setStartAtLogin(false, { platform: 'win32', app, executable: 'C:\\Loadout.exe' });
    expect(app.setLoginItemSettings.mock.calls).toEqual([
      [{ openAtLogin: true, args: [HIDDEN_FLAG] }],
      [{ openAtLogin: false, args: [HIDDEN_FLAG] }],
    ]);
  });

  it('on Linux writes an XDG autostart entry for the AppImage, and removes it when turned off', async () => {
    const config = mkdtempSync(join(tmpdir(), 'loadout-autostart-'));
    dirs.push(config);
    const app = { setLoginItemSettings: vi.fn() };
    const deps = {
      platform: 'linux' as const,
      app,
      executable: '/home/ana/Apps/Loadout Desktop.AppImage',
      env: { XDG_CONFIG_HOME: config },
    };
    await setStartAtLogin(true, deps);
    const file = join(config, 'autostart', AUTOSTART_FILE);
    expect(readFileSync(file, 'utf8')).toContain('Exec="/home/ana/Apps/Loadout Desktop.AppImage" --hidden\n');
    expect(statSync(file).mode & 0o777).toBe(0o644);
    await setStartAtLogin(false, deps);
    expect(() => statSync(file)).toThrow();
    await setStartAtLogin(false, deps); // already off: nothing to do, no error
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('quotes the executable so that no path can add arguments or expand variables', () => {
    expect(quoteExecArgument('/opt/a "b" $HOME `id` \\x')).toBe('"/opt/a \\"b\\" \\$HOME \\`id\\` \\\\x"');
    expect(autostartEntry('/x').split('\n')[0]).toBe('[Desktop Entry]');
  });
});
