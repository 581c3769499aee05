import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { systemServiceDeps, type ServiceDeps } from '../agent/service/index';
import {
  desktopMode,
  installServiceArgs,
  installSystemAgent,
  serviceProgram,
  SYSTEM_APPIMAGE_PATH,
  SystemAgentError,
  uninstallSystemAgent,
  type SystemAgentDeps,
} from './system-agent';

const ENROLMENT = { server: 'https://loadout.example', deviceId: 'agent-1', deviceName: 'Desk', credential: 'secret-credential' };

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Real files under a temporary root; system commands (systemctl) recorded, not run. */
async function fakeMachine(platform: NodeJS.Platform, appImage: boolean) {
  const root = await mkdtemp(join(tmpdir(), 'loadout-system-agent-'));
  dirs.push(root);
  const ran: string[] = [];
  const real = systemServiceDeps();
  const service: ServiceDeps = {
    platform,
    root,
    run: async (program, args) => {
      ran.push([program, ...args].join(' '));
      return { ok: true, output: '' };
    },
    writeFile: real.writeFile,
    removeFile: real.removeFile,
  };
  const home = join(root, 'home/ana');
  const from = join(home, 'service-enrolment.json');
  const image = join(home, 'Downloads/Loadout Desktop.AppImage');
  await mkdir(join(home, 'Downloads'), { recursive: true });
  await writeFile(image, 'appimage-bytes');
  const deps: SystemAgentDeps = {
    platform,
    configDir: join(root, 'etc/loadout-agent'),
    executable: appImage ? image : '/opt/Loadout/loadout',
    appImage: appImage ? image : null,
    service,
  };
  return { root, ran, deps, from };
}

describe('desktopMode', () => {
  it('tells the app, the service and the elevated install and uninstall apart', () => {
    expect(desktopMode(['/opt/Loadout/loadout'])).toEqual({ kind: 'app' });
    expect(desktopMode(['/opt/Loadout/loadout', '--agent-service', '--no-sandbox', '--config-dir', '/etc/loadout-agent'])).toEqual({
      kind: 'service',
      configDir: '/etc/loadout-agent',
    });
    expect(desktopMode(['loadout', ...installServiceArgs('/home/ana/x.json')])).toEqual({
      kind: 'install-service',
      from: '/home/ana/x.json',
    });
    expect(desktopMode(['loadout', '--install-agent-service', '--from'])).toEqual({ kind: 'app' });
    expect(desktopMode(['loadout', '--uninstall-agent-service'])).toEqual({ kind: 'uninstall-service' });
  });
});

describe('the agent as a system service', () => {
  it('runs the executable in service mode, headless on Linux', () => {
    expect(serviceProgram('linux', ['/opt/loadout/Loadout.AppImage', '--appimage-extract-and-run'], '/etc/loadout-agent')).toEqual([
      '/opt/loadout/Loadout.AppImage',
      '--appimage-extract-and-run',
      '--agent-service',
      '--ozone-platform=headless',
      '--disable-gpu',
      '--no-sandbox',
      '--config-dir',
      '/etc/loadout-agent',
    ]);
    expect(serviceProgram('win32', ['C:\\Program Files\\Loadout\\Loadout.exe'], 'C:\\ProgramData\\Loadout\\Agent')).toEqual([
      'C:\\Program Files\\Loadout\\Loadout.exe',
      '--agent-service',
      '--config-dir',
      'C:\\ProgramData\\Loadout\\Agent',
    ]);
  });

  it('installs from an AppImage: the enrolment in the system folder (0600), its own copy of the AppImage, a systemd unit', async () => {
    const { root, ran, deps, from } = await fakeMachine('linux', true);
    await writeFile(from, JSON.stringify(ENROLMENT), { mode: 0o600 });
    await installSystemAgent(from, deps);

    const stored = join(deps.configDir, 'agent.json');
    expect(JSON.parse(await readFile(stored, 'utf8'))).toEqual(ENROLMENT);
    expect((await stat(stored)).mode & 0o777).toBe(0o600);
    const copy = join(root, SYSTEM_APPIMAGE_PATH);
    expect(await readFile(copy, 'utf8')).toBe('appimage-bytes');
    expect((await stat(copy)).mode & 0o777).toBe(0o755);
    const unit = await readFile(join(root, 'etc/systemd/system/loadout-agent.service'), 'utf8');
    expect(unit).toContain(
      `ExecStart="${SYSTEM_APPIMAGE_PATH}" "--appimage-extract-and-run" "--agent-service" "--ozone-platform=headless" "--disable-gpu" "--no-sandbox" "--config-dir" "${deps.configDir}"`,
    );
    expect(ran).toEqual(['systemctl daemon-reload', 'systemctl enable --now loadout-agent.service']);

    await uninstallSystemAgent(deps);
    await expect(stat(stored)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(copy)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(root, 'etc/systemd/system/loadout-agent.service'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file that is not an enrolment, and installs nothing', async () => {
    const { ran, deps, from } = await fakeMachine('linux', false);
    await writeFile(from, JSON.stringify({ ...ENROLMENT, extra: 'x' }));
    await expect(installSystemAgent(from, deps)).rejects.toThrow(SystemAgentError);
    await writeFile(from, '{not json');
    await expect(installSystemAgent(from, deps)).rejects.toThrow(SystemAgentError);
    expect(ran).toEqual([]);
    await expect(stat(join(deps.configDir, 'agent.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
