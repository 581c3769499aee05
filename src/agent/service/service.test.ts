import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { installService, systemServiceDeps, uninstallService, type ServiceDeps } from './index';
import { systemdQuote } from './systemd';
import { windowsQuote } from './windows';

const command = ['/usr/bin/node', '/opt/loadout/loadout-agent.mjs', 'run', '--config-dir', '/etc/loadout-agent'];

/** The real file writing under a temporary root; system commands recorded, not run. */
async function fakeSystem(platform: NodeJS.Platform, failing: string[] = []) {
  const root = await mkdtemp(join(tmpdir(), 'agent-service-'));
  const ran: string[] = [];
  const real = systemServiceDeps();
  const deps: ServiceDeps = {
    platform,
    root,
    run: async (program, args) => {
      const line = [program, ...args].join(' ');
      ran.push(line);
      return { ok: !failing.some((prefix) => line.startsWith(prefix)), output: 'Failed to enable unit: Access denied\n' };
    },
    writeFile: real.writeFile,
    removeFile: real.removeFile,
  };
  return { root, ran, deps };
}

describe('service install and uninstall', () => {
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  it('Linux: writes a systemd unit that restarts, stops with SIGTERM, then reloads and enables it', async () => {
    const { root, ran, deps } = await fakeSystem('linux');
    roots.push(root);
    await installService(command, '/etc/loadout-agent', deps);
    const file = join(root, 'etc/systemd/system/loadout-agent.service');
    const unit = await readFile(file, 'utf8');
    expect(unit).toContain('ExecStart="/usr/bin/node" "/opt/loadout/loadout-agent.mjs" "run" "--config-dir" "/etc/loadout-agent"\n');
    for (const line of [
      'Restart=always',
      'KillSignal=SIGTERM',
      'KillMode=mixed',
      'RestartPreventExitStatus=3 78',
      'WantedBy=multi-user.target',
    ]) {
      expect(unit).toContain(`${line}\n`);
    }
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(ran).toEqual(['systemctl daemon-reload', 'systemctl enable --now loadout-agent.service']);

    await uninstallService('/etc/loadout-agent', deps);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(ran.slice(2)).toEqual(['systemctl disable --now --no-block loadout-agent.service', 'systemctl daemon-reload']);
  });

  it('Linux: says which command failed, in its own words', async () => {
    const { root, deps } = await fakeSystem('linux', ['systemctl enable']);
    roots.push(root);
    await expect(installService(command, '/etc/loadout-agent', deps)).rejects.toThrow(
      'systemctl enable --now loadout-agent.service failed: Failed to enable unit: Access denied',
    );
  });

  it('quotes paths so systemd reads them back as written', () => {
    expect(systemdQuote('/opt/My Apps/100% "agent"/$HOME\\x')).toBe('"/opt/My Apps/100%% \\"agent\\"/$$HOME\\\\x"');
  });

  it('macOS: writes a launchd daemon that keeps the agent alive and bootstraps it', async () => {
    const { root, ran, deps } = await fakeSystem('darwin', ['launchctl bootout']);
    roots.push(root);
    const withAmpersand = [...command.slice(0, 4), '/Library/Application Support/Loadout & Co'];
    await installService(withAmpersand, '/x', deps);
    const file = join(root, 'Library/LaunchDaemons/com.loadout.agent.plist');
    const plist = await readFile(file, 'utf8');
    expect(plist).toContain('<key>Label</key>\n  <string>com.loadout.agent</string>');
    expect(plist).toContain(
      [
        '    <string>/usr/bin/node</string>',
        '    <string>/opt/loadout/loadout-agent.mjs</string>',
        '    <string>run</string>',
        '    <string>--config-dir</string>',
        '    <string>/Library/Application Support/Loadout &amp; Co</string>',
      ].join('\n'),
    );
    expect(plist).toMatch(/<key>RunAtLoad<\/key>\s*<true\/>/);
    expect(plist).toMatch(/<key>KeepAlive<\/key>\s*<dict>\s*<key>SuccessfulExit<\/key>\s*<false\/>/);
    // A reinstall first takes the old daemon out (a failure means there was none).
    expect(ran).toEqual([
      'launchctl bootout system/com.loadout.agent',
      `launchctl bootstrap system /Library/LaunchDaemons/com.loadout.agent.plist`,
    ]);

    await uninstallService('/x', deps);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(ran.at(-1)).toBe('launchctl bootout system/com.loadout.agent');
  });

  it('Windows: registers a boot task as SYSTEM from UTF-16 XML with no time limit, and starts it', async () => {
    const { root, ran, deps } = await fakeSystem('win32');
    roots.push(root);
    const configDir = join(root, 'ProgramData', 'Loadout', 'Agent');
    const windowsCommand = [
      'C:\\Program Files\\nodejs\\node.exe',
      'C:\\Loadout\\loadout-agent.mjs',
      'run',
      '--config-dir',
      'C:\\ProgramData\\Loadout\\Agent\\',
    ];
    // The task file lives in the config folder (a real path, not under the fake root).
    const plainDeps = { ...deps, root: '' };
    await installService(windowsCommand, configDir, plainDeps);
    const bytes = await readFile(join(configDir, 'loadout-agent-task.xml'));
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const xml = bytes.subarray(2).toString('utf16le');
    expect(xml).toContain('<?xml version="1.0" encoding="UTF-16"?>');
    expect(xml).toContain('<BootTrigger>');
    expect(xml).toContain('<UserId>S-1-5-18</UserId>');
    expect(xml).toContain('<ExecutionTimeLimit>PT0S</ExecutionTimeLimit>');
    expect(xml).toContain('<Command>C:\\Program Files\\nodejs\\node.exe</Command>');
    expect(xml).toContain('<Arguments>C:\\Loadout\\loadout-agent.mjs run --config-dir C:\\ProgramData\\Loadout\\Agent\\</Arguments>');
    const xmlPath = join(configDir, 'loadout-agent-task.xml');
    expect(ran).toEqual([`schtasks /Create /TN Loadout Agent /XML ${xmlPath} /F`, 'schtasks /Run /TN Loadout Agent']);

    // Removed by the agent itself (deactivation): no /End, which would stop the caller.
    await uninstallService(configDir, plainDeps, true);
    expect(ran.slice(2)).toEqual(['schtasks /Delete /TN Loadout Agent /F']);
    await expect(stat(xmlPath)).rejects.toMatchObject({ code: 'ENOENT' });
    await writeFile(xmlPath, '');
    await uninstallService(configDir, plainDeps);
    expect(ran.slice(3)).toEqual(['schtasks /End /TN Loadout Agent', 'schtasks /Delete /TN Loadout Agent /F']);
  });

  it('quotes Windows arguments as CreateProcess splits them', () => {
    expect(windowsQuote('plain')).toBe('plain');
    expect(windowsQuote('C:\\Program Files\\x')).toBe('"C:\\Program Files\\x"');
    expect(windowsQuote('C:\\My Dir\\')).toBe('"C:\\My Dir\\\\"');
    expect(windowsQuote('say "hi"')).toBe('"say \\"hi\\""');
    expect(windowsQuote('')).toBe('""');
  });
});
