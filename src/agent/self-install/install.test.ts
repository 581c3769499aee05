import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { Failure } from '../exit';
import { installCommand, reportInstall } from '../install-commands';
import type { SelfProgram } from '../self-command';
import { fakeMachine, tree, type FakeMachine } from './fake-machine';
import { installAgent, type InstallRequest } from './install';

const LINK = { server: 'https://loadout.example.com', code: 'ABCD-EFGH' };

const machines: FakeMachine[] = [];
async function machine(...args: Parameters<typeof fakeMachine>) {
  const made = await fakeMachine(...args);
  machines.push(made);
  return made;
}
afterEach(async () => {
  for (const made of machines.splice(0)) await made.cleanup();
});

const native = (program: string): SelfProgram => ({ kind: 'native', program, onPath: false });
const request = (self: SelfProgram, enrolment: InstallRequest['enrolment'] = LINK): InstallRequest => ({
  self,
  enrolment,
  deviceName: 'Build box',
  insecureHttp: false,
  runArgs: [],
});

function voice() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, voice: { say: (line: string) => out.push(line), warn: (line: string) => err.push(line) } };
}

describe('install', () => {
  it('Linux: copies the program to its fixed home, links it, enrols, and the unit runs the home, not the download', async () => {
    const m = await machine('linux');
    const download = await m.download('loadout-agent-linux-x64', 'native build 1');
    const result = await installAgent(request(native(download)), m.deps, m.leave);

    const program = join(m.root, 'usr/local/lib/loadout-agent/loadout-agent');
    expect(await readFile(program, 'utf8')).toBe('native build 1');
    expect((await stat(program)).mode & 0o777).toBe(0o755);
    expect(await tree(m.root)).toEqual(
      expect.arrayContaining([
        'usr/local/bin/loadout-agent -> /usr/local/lib/loadout-agent/loadout-agent',
        'etc/loadout-agent/agent.json',
        'etc/systemd/system/loadout-agent.service',
      ]),
    );
    // Nothing else in the home: the temporary copy was renamed, not left beside it.
    expect((await tree(m.root)).filter((line) => line.startsWith('usr/local/lib/loadout-agent/'))).toEqual([
      'usr/local/lib/loadout-agent/',
      'usr/local/lib/loadout-agent/loadout-agent',
    ]);
    const unit = await readFile(join(m.root, 'etc/systemd/system/loadout-agent.service'), 'utf8');
    expect(unit).toContain('ExecStart="/usr/local/lib/loadout-agent/loadout-agent" "run" "--config-dir" "/etc/loadout-agent"\n');
    expect(m.enrolments).toEqual([{ ...LINK, deviceName: 'Build box', insecureHttp: false }]);
    expect(JSON.parse(await readFile(join(m.root, 'etc/loadout-agent/agent.json'), 'utf8'))).toMatchObject({
      server: LINK.server,
      credential: 'credential-1',
    });
    expect(m.ran).toEqual(['systemctl daemon-reload', 'systemctl enable --now loadout-agent.service']);
    expect(result).toMatchObject({ placed: 'copied', link: '/usr/local/bin/loadout-agent', started: true, enrolment: 'new' });

    const said = voice();
    reportInstall(result, { kind: 'native', program: result.program, onPath: true }, 'linux', said.voice);
    expect(said.out.join('\n')).toContain('systemctl status loadout-agent; journalctl -u loadout-agent');
    expect(said.out).toContain('Status:      sudo loadout-agent status');
    expect(said.out).toContain('Remove it:   sudo loadout-agent uninstall');
    expect(said.err).toEqual([]);
  });

  it('in a container without systemd: writes the unit, starts nothing, and says how to run the agent in the foreground', async () => {
    const m = await machine('linux', { systemd: false });
    const result = await installAgent(request(native(await m.download('agent', 'x'))), m.deps, m.leave);
    expect(result.started).toBe(false);
    expect(m.ran).toEqual([]);
    expect(await readFile(join(m.root, 'etc/systemd/system/loadout-agent.service'), 'utf8')).toContain(
      'ExecStart="/usr/local/lib/loadout-agent/loadout-agent"',
    );
    const said = voice();
    reportInstall(result, { kind: 'native', program: result.program, onPath: true }, 'linux', said.voice);
    expect(said.err).toEqual(['systemd is not running on this machine (a container?), so nothing starts the agent.']);
    expect(said.out).toContain('  Service:   /etc/systemd/system/loadout-agent.service, written but NOT started');
    expect(said.out).toContain('Run it in the foreground instead: loadout-agent run');
  });

  it('macOS: the program in /Library/Application Support/Loadout Agent, a launchd daemon running it', async () => {
    const m = await machine('darwin');
    await installAgent(request(native(await m.download('loadout-agent-macos-arm64', 'mac build'))), m.deps, m.leave);
    const home = join(m.root, 'Library/Application Support/Loadout Agent');
    expect(await readFile(join(home, 'loadout-agent'), 'utf8')).toBe('mac build');
    expect(await readFile(join(home, 'agent.json'), 'utf8')).toContain('credential-1');
    const plist = await readFile(join(m.root, 'Library/LaunchDaemons/com.loadout.agent.plist'), 'utf8');
    expect(plist).toContain(
      '    <string>/Library/Application Support/Loadout Agent/loadout-agent</string>\n    <string>run</string>\n' +
        '    <string>--config-dir</string>\n    <string>/Library/Application Support/Loadout Agent</string>',
    );
    expect(m.ran).toEqual([
      'launchctl bootout system/com.loadout.agent',
      'launchctl bootstrap system /Library/LaunchDaemons/com.loadout.agent.plist',
    ]);
  });

  it('Windows: the program in %ProgramFiles%\\Loadout Agent, a boot task running it', async () => {
    const m = await machine('win32');
    await installAgent(request(native(await m.download('loadout-agent-windows-x64.exe', 'exe'))), m.deps, m.leave);
    expect(await readFile(join(m.root, 'C/Program Files/Loadout Agent/loadout-agent.exe'), 'utf8')).toBe('exe');
    const xmlFile = join(m.root, 'C/ProgramData/Loadout/Agent/loadout-agent-task.xml');
    const xml = (await readFile(xmlFile)).subarray(2).toString('utf16le');
    expect(xml).toContain('<Command>C:\\Program Files\\Loadout Agent\\loadout-agent.exe</Command>');
    expect(xml).toContain('<Arguments>run --config-dir C:\\ProgramData\\Loadout\\Agent</Arguments>');
    expect(m.ran.map((line) => line.split(' /XML')[0])).toEqual(['schtasks /Create /TN Loadout Agent', 'schtasks /Run /TN Loadout Agent']);
  });

  it('under Node: copies the .mjs, the service runs it with this Node, and the output says Node must stay', async () => {
    const m = await machine('linux');
    const script = await m.download('loadout-agent.mjs', '#!/usr/bin/env node\n');
    const self: SelfProgram = { kind: 'node', node: '/opt/node/bin/node', script, nodeOnPath: false };
    const result = await installAgent(request(self), m.deps, m.leave);
    expect(await readFile(join(m.root, 'usr/local/lib/loadout-agent/loadout-agent.mjs'), 'utf8')).toBe('#!/usr/bin/env node\n');
    expect((await tree(m.root)).filter((line) => line.startsWith('usr/local/bin/loadout-agent'))).toEqual([]);
    const unit = await readFile(join(m.root, 'etc/systemd/system/loadout-agent.service'), 'utf8');
    expect(unit).toContain('ExecStart="/opt/node/bin/node" "/usr/local/lib/loadout-agent/loadout-agent.mjs" "run"');
    const said = voice();
    reportInstall(result, { ...self, script: result.program }, 'linux', said.voice);
    expect(said.out.join('\n')).toContain('Node at /opt/node/bin/node. Keep Node installed there');
    expect(said.out).toContain('Status:      sudo /opt/node/bin/node /usr/local/lib/loadout-agent/loadout-agent.mjs status');
  });

  it('uses the program the .deb installed where it is: no copy, no link', async () => {
    const m = await machine('linux');
    const result = await installAgent(request(native('/usr/lib/loadout-agent/loadout-agent')), m.deps, m.leave);
    expect(result.placed).toBe('packaged');
    expect((await tree(m.root)).filter((line) => line.includes('loadout-agent') && line.startsWith('usr/local/'))).toEqual([]);
    expect(await readFile(join(m.root, 'etc/systemd/system/loadout-agent.service'), 'utf8')).toContain(
      'ExecStart="/usr/lib/loadout-agent/loadout-agent" "run"',
    );
  });

  it('again on an installed machine: upgrades the program in place, keeps the enrolment, restarts the service', async () => {
    const m = await machine('linux');
    await installAgent(request(native(await m.download('v1', 'build 1'))), m.deps, m.leave);
    const config = await readFile(join(m.root, 'etc/loadout-agent/agent.json'), 'utf8');
    const again = await installAgent(request(native(await m.download('v2', 'build 2')), null), m.deps, m.leave);
    expect(again.enrolment).toBe('kept');
    expect(m.enrolments).toHaveLength(1);
    expect(await readFile(join(m.root, 'etc/loadout-agent/agent.json'), 'utf8')).toBe(config);
    expect(await readFile(join(m.root, 'usr/local/lib/loadout-agent/loadout-agent'), 'utf8')).toBe('build 2');
    expect(m.ran.slice(2)).toEqual([
      'systemctl daemon-reload',
      'systemctl enable --now loadout-agent.service',
      'systemctl restart loadout-agent.service',
    ]);

    // A new link replaces the enrolment, and the old one is retired on the server.
    const replaced = await installAgent(request(native(await m.download('v2', 'build 2')), { ...LINK, code: 'NEW' }), m.deps, m.leave);
    expect(replaced.enrolment).toBe('replaced');
    expect(m.left.map((old) => old.credential)).toEqual(['credential-1']);
    expect(await readFile(join(m.root, 'etc/loadout-agent/agent.json'), 'utf8')).toContain('credential-2');
  });

  it('refuses to install without root, naming the exact command to run again, and changes nothing', async () => {
    const m = await machine('linux', { privileged: false });
    const before = await tree(m.root);
    const download = await m.download('loadout-agent-linux-x64', 'x');
    const argv = ['install', 'https://loadout.example.com/devices/enroll?code=ABCD', '--name', 'Build box'];
    const attempt = installCommand(
      { command: 'install', enrolment: LINK, name: 'Build box', insecureHttp: false, runArgs: [] },
      { self: native(download), argv, deps: m.deps, leave: m.leave, voice: voice().voice },
    );
    await expect(attempt).rejects.toThrow(
      `install changes the system (a program, a service): run it as root:\n  sudo ${download} install ` +
        `'https://loadout.example.com/devices/enroll?code=ABCD' --name 'Build box'`,
    );
    expect(await tree(m.root)).toEqual(before);
    expect(m.enrolments).toEqual([]);

    const windows = await machine('win32', { privileged: false });
    const exe = installCommand(
      { command: 'install', enrolment: LINK, name: null, insecureHttp: false, runArgs: [] },
      { self: native('C:\\Users\\ana\\Downloads\\loadout-agent.exe'), argv, deps: windows.deps, leave: m.leave, voice: voice().voice },
    );
    await expect(exe).rejects.toThrow(
      'run it from an elevated prompt (Terminal or Command Prompt: Run as administrator):\n' +
        '  C:\\Users\\ana\\Downloads\\loadout-agent.exe install "https://loadout.example.com/devices/enroll?code=ABCD" --name "Build box"',
    );
  });

  it('needs the link on a machine that is not enrolled, and from the source tree asks for the built file', async () => {
    const m = await machine('linux');
    const download = await m.download('agent', 'x');
    await expect(installAgent(request(native(download), null), m.deps, m.leave)).rejects.toThrow(
      `give install the registration link: sudo ${download} install LINK`,
    );
    await expect(installAgent(request({ kind: 'dev' }), m.deps, m.leave)).rejects.toBeInstanceOf(Failure);
    expect(m.enrolments).toEqual([]);
  });

  it('does not write through a link planted where the home folder should be', async () => {
    const m = await machine('linux');
    const victim = join(m.outside, 'victim');
    await mkdir(victim);
    await writeFile(join(victim, 'loadout-agent'), 'not yours');
    await mkdir(join(m.root, 'usr/local/lib'), { recursive: true });
    await symlink(victim, join(m.root, 'usr/local/lib/loadout-agent'));
    await expect(installAgent(request(native(await m.download('agent', 'evil'))), m.deps, m.leave)).rejects.toThrow(
      '/usr/local/lib/loadout-agent is not a folder (a link?)',
    );
    expect(await readFile(join(victim, 'loadout-agent'), 'utf8')).toBe('not yours');
  });
});
