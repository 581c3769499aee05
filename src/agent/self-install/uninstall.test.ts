import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import type { ManagerName } from '@shared/agent/protocol';

import { Failure } from '../exit';
import { reportUninstall } from '../install-commands';
import type { Installer, PackageId } from '../installers/installer';
import { silentLogger } from '../log';
import { fakeMachine, tree, type FakeMachine } from './fake-machine';
import { installAgent } from './install';
import { releaseAgentHolds } from './release-holds';
import { uninstallAgent } from './uninstall';

const machines: FakeMachine[] = [];
async function machine(...args: Parameters<typeof fakeMachine>) {
  const made = await fakeMachine(...args);
  machines.push(made);
  return made;
}
afterEach(async () => {
  for (const made of machines.splice(0)) await made.cleanup();
});

async function installed(platform: NodeJS.Platform, options: Parameters<typeof fakeMachine>[1] = {}) {
  const m = await machine(platform, options);
  const before = await tree(m.root);
  const program = await m.download('loadout-agent-download', 'native build');
  await installAgent(
    {
      self: { kind: 'native', program, onPath: false },
      enrolment: { server: 'https://loadout.example.com', code: 'ABCD' },
      deviceName: 'Build box',
      insecureHttp: false,
      runArgs: [],
    },
    m.deps,
    m.leave,
  );
  m.ran.length = 0;
  const unenrolled: string[] = [];
  const unenroll = async (dir: string) => {
    unenrolled.push(dir);
  };
  return { m, before, unenrolled, unenroll };
}

describe('uninstall', () => {
  it.each(['linux', 'darwin', 'win32'] as const)('%s: removes exactly what install created, after unenrolling', async (platform) => {
    const { m, before, unenrolled, unenroll } = await installed(platform);
    // What the running agent writes beside its enrolment goes too.
    const configDir = {
      linux: 'etc/loadout-agent',
      darwin: 'Library/Application Support/Loadout Agent',
      win32: 'C/ProgramData/Loadout/Agent',
    }[platform];
    await writeFile(join(m.root, configDir, 'job-outcomes.json'), '{}');
    await writeFile(join(m.root, configDir, 'agent.lock'), '{}');

    const result = await uninstallAgent({ keepConfig: false }, m.deps, unenroll);
    expect(await tree(m.root)).toEqual(before);
    expect(unenrolled).toEqual([join(m.root, configDir)]);
    expect(result.left).toEqual([]);
    if (platform === 'linux') {
      expect(m.ran).toEqual([
        'systemctl stop loadout-agent.service',
        'systemctl disable --now --no-block loadout-agent.service',
        'systemctl daemon-reload',
      ]);
      expect(result.removed).toEqual([
        '/etc/systemd/system/loadout-agent.service',
        '/usr/local/bin/loadout-agent',
        '/usr/local/lib/loadout-agent/loadout-agent',
        '/etc/loadout-agent/agent.json',
        '/etc/loadout-agent/agent.lock',
        '/etc/loadout-agent/job-outcomes.json',
        '/usr/local/lib/loadout-agent',
        '/etc/loadout-agent',
      ]);
    }
    if (platform === 'darwin') expect(m.ran).toEqual(['launchctl bootout system/com.loadout.agent']);
    if (platform === 'win32') expect(m.ran).toEqual(['schtasks /End /TN Loadout Agent', 'schtasks /Delete /TN Loadout Agent /F']);
  });

  it('--keep-config: the enrolment and its folder stay (on macOS the program leaves it), the server is not told', async () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const { m, unenrolled, unenroll } = await installed(platform);
      const result = await uninstallAgent({ keepConfig: true }, m.deps, unenroll);
      expect(unenrolled).toEqual([]);
      expect(result.left).toEqual([]);
      const files = await tree(m.root);
      expect(files.filter((line) => !line.endsWith('/'))).toEqual([
        platform === 'linux' ? 'etc/loadout-agent/agent.json' : 'Library/Application Support/Loadout Agent/agent.json',
      ]);
      const said: string[] = [];
      reportUninstall(result, true, { say: (line) => said.push(line), warn: (line) => said.push(line) });
      expect(said.at(-1)).toMatch(/^Kept the enrolment in .* \(--keep-config\), and any holds Loadout set for pinned apps\.$/);
    }
  });

  describe('the holds the agent set for pinned apps', () => {
    const holds = {
      version: 1,
      holds: [
        { manager: 'apt', name: 'hello', version: '2.10-3' },
        { manager: 'snap', name: 'microk8s', version: 'v1.27.2' },
      ],
    };
    /** Managers that record what they were asked to release; `failing` ones refuse. */
    function managers(failing: ManagerName[] = []) {
      const released: string[] = [];
      const installer = (name: ManagerName) =>
        ({
          name,
          releaseHold: async (id: PackageId) => {
            released.push(`${name} ${id.name}`);
            return failing.includes(name) ? { ok: false, message: 'snap refused' } : { ok: true, message: 'Released' };
          },
        }) as unknown as Installer;
      return { released, map: async () => new Map((['apt', 'snap'] as const).map((name) => [name, installer(name)])) };
    }

    it('are released, and holds.json and the folder go; holds the person set are never asked about', async () => {
      const { m, before, unenroll } = await installed('linux');
      await writeFile(join(m.root, 'etc/loadout-agent/holds.json'), JSON.stringify(holds));
      const { released, map } = managers();
      const result = await uninstallAgent({ keepConfig: false }, m.deps, unenroll, (dir) => releaseAgentHolds(dir, map, silentLogger));
      expect(released).toEqual(['apt hello', 'snap microk8s']);
      expect(await tree(m.root)).toEqual(before);
      expect(result.removed).toContain('/etc/loadout-agent/holds.json');
      const said: string[] = [];
      reportUninstall(result, false, { say: (line) => said.push(line), warn: (line) => said.push(line) });
      expect(said.slice(-2)).toEqual([
        'Released the holds Loadout set for pinned apps:\n  apt hello (held at 2.10-3)\n  snap microk8s (held at v1.27.2)',
        'Holds you set yourself were left as they are.',
      ]);
    });

    it('a hold that cannot be released stays recorded in holds.json, and the output says so', async () => {
      const { m, unenroll } = await installed('linux');
      await writeFile(join(m.root, 'etc/loadout-agent/holds.json'), JSON.stringify(holds));
      const { map } = managers(['snap']);
      const result = await uninstallAgent({ keepConfig: false }, m.deps, unenroll, (dir) => releaseAgentHolds(dir, map, silentLogger));
      const kept = JSON.parse(await readFile(join(m.root, 'etc/loadout-agent/holds.json'), 'utf8')) as typeof holds;
      expect(kept.holds).toEqual([{ manager: 'snap', name: 'microk8s', version: 'v1.27.2' }]);
      const said: string[] = [];
      reportUninstall(result, false, { say: (line) => said.push(line), warn: (line) => said.push(line) });
      expect(said).toContain('Kept the hold on snap microk8s (held at v1.27.2): snap refused. It is recorded in /etc/loadout-agent.');
    });

    it('--keep-config keeps them: the enrolment may come back', async () => {
      const { m, unenroll } = await installed('linux');
      await writeFile(join(m.root, 'etc/loadout-agent/holds.json'), JSON.stringify(holds));
      const { released, map } = managers();
      await uninstallAgent({ keepConfig: true }, m.deps, unenroll, (dir) => releaseAgentHolds(dir, map, silentLogger));
      expect(released).toEqual([]);
      expect(JSON.parse(await readFile(join(m.root, 'etc/loadout-agent/holds.json'), 'utf8'))).toEqual(holds);
    });
  });

  it('in a container without systemd: removes the unit without calling systemctl', async () => {
    const { m, before, unenroll } = await installed('linux', { systemd: false });
    await uninstallAgent({ keepConfig: false }, m.deps, unenroll);
    expect(m.ran).toEqual([]);
    expect(await tree(m.root)).toEqual(before);
  });

  it('changes nothing when the server cannot be told (unenroll refuses)', async () => {
    const { m, unenroll: _unused } = await installed('linux');
    const installedTree = await tree(m.root);
    const refuse = async () => {
      throw new Failure('Could not reach the server');
    };
    await expect(uninstallAgent({ keepConfig: false }, m.deps, refuse)).rejects.toThrow('Could not reach the server');
    expect(await tree(m.root)).toEqual(installedTree);
    expect(m.ran).toEqual([]);
  });

  it('is tolerant of a half-installed machine, and says when nothing was there', async () => {
    const m = await machine('linux');
    await mkdir(join(m.root, 'etc/systemd/system'), { recursive: true });
    await writeFile(join(m.root, 'etc/systemd/system/loadout-agent.service'), '[Unit]\n');
    const never = async () => {
      throw new Error('not enrolled: not asked');
    };
    const first = await uninstallAgent({ keepConfig: false }, m.deps, never);
    expect(first.removed).toEqual(['/etc/systemd/system/loadout-agent.service']);
    const second = await uninstallAgent({ keepConfig: false }, m.deps, never);
    expect(second).toMatchObject({ removed: [], left: [] });
    const said: string[] = [];
    reportUninstall(second, false, { say: (line) => said.push(line), warn: (line) => said.push(line) });
    expect(said).toEqual(['Nothing of the Loadout agent was installed here.']);
  });

  it('never follows a link planted where its files would be, and leaves what it did not write', async () => {
    const m = await machine('linux');
    const victim = join(m.outside, 'victim');
    await mkdir(victim);
    for (const name of ['loadout-agent', 'agent.json', 'precious']) await writeFile(join(victim, name), 'keep me');
    const at = (path: string) => join(m.root, path);
    await mkdir(at('usr/local/lib'), { recursive: true });
    await mkdir(at('usr/local/bin'), { recursive: true });
    await mkdir(at('etc'), { recursive: true });
    // The home folder and the config folder are links to someone else's folder; the PATH link points elsewhere.
    await symlink(victim, at('usr/local/lib/loadout-agent'));
    await symlink(victim, at('etc/loadout-agent'));
    await symlink(join(victim, 'loadout-agent'), at('usr/local/bin/loadout-agent'));
    const before = await tree(m.root);

    const result = await uninstallAgent({ keepConfig: false }, m.deps, async () => undefined);
    expect(await tree(victim)).toEqual(['agent.json', 'loadout-agent', 'precious']);
    expect(await readFile(join(victim, 'loadout-agent'), 'utf8')).toBe('keep me');
    expect(await tree(m.root)).toEqual(before);
    expect(result.removed).toEqual([]);
    expect(result.left.map((entry) => entry.path)).toEqual([
      '/usr/local/bin/loadout-agent',
      '/usr/local/lib/loadout-agent',
      '/etc/loadout-agent',
    ]);
  });

  it('inside its own folders: leaves a planted link to a program and anyone else’s files, and keeps the folder they are in', async () => {
    const { m, unenroll } = await installed('linux');
    const victim = join(m.outside, 'precious');
    await writeFile(victim, 'keep me');
    const home = join(m.root, 'usr/local/lib/loadout-agent');
    await symlink(victim, join(home, 'loadout-agent.mjs'));
    await writeFile(join(home, 'notes.txt'), 'mine');
    await symlink(victim, join(m.root, 'etc/loadout-agent/job-outcomes.json'));

    const result = await uninstallAgent({ keepConfig: false }, m.deps, unenroll);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect(await tree(home)).toEqual(['loadout-agent.mjs -> ' + victim, 'notes.txt']);
    expect(await tree(join(m.root, 'etc/loadout-agent'))).toEqual([`job-outcomes.json -> ${victim}`]);
    expect(result.left).toEqual([
      { path: '/usr/local/lib/loadout-agent/loadout-agent.mjs', why: 'a link: a file install did not write' },
      { path: '/etc/loadout-agent/job-outcomes.json', why: 'a link: a file install did not write' },
      { path: '/usr/local/lib/loadout-agent', why: 'it holds files install did not put there' },
      { path: '/etc/loadout-agent', why: 'it holds files install did not put there' },
    ]);
  });
});
