import { chmod, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

import { formatSelfCommand, pathReaches, quoteWord, selfCommand } from './self-command';

describe('the command that runs this agent, as printed in messages', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('the installed native agent is loadout-agent; a native one elsewhere, its own path', () => {
    const installed = { kind: 'native', program: '/usr/local/lib/loadout-agent/loadout-agent', onPath: true } as const;
    expect(formatSelfCommand(installed, ['status'], { platform: 'linux' })).toBe('loadout-agent status');
    expect(formatSelfCommand(installed, ['uninstall'], { root: true, platform: 'linux' })).toBe('sudo loadout-agent uninstall');
    const downloaded = { kind: 'native', program: '/home/ana/My Downloads/loadout-agent-linux-x64', onPath: false } as const;
    expect(formatSelfCommand(downloaded, ['enroll', 'LINK'], { platform: 'linux' })).toBe(
      "'/home/ana/My Downloads/loadout-agent-linux-x64' enroll LINK",
    );
    const mac = { kind: 'native', program: '/Library/Application Support/Loadout Agent/loadout-agent', onPath: false } as const;
    expect(formatSelfCommand(mac, ['status'], { root: true, platform: 'darwin' })).toBe(
      "sudo '/Library/Application Support/Loadout Agent/loadout-agent' status",
    );
    const windows = { kind: 'native', program: 'C:\\Program Files\\Loadout Agent\\loadout-agent.exe', onPath: false } as const;
    // No sudo on Windows: the message asks for an elevated prompt instead.
    expect(formatSelfCommand(windows, ['status'], { root: true, platform: 'win32' })).toBe(
      '"C:\\Program Files\\Loadout Agent\\loadout-agent.exe" status',
    );
  });

  it('under Node: node and the script, with the full path of a Node that PATH does not reach', () => {
    const self = { kind: 'node', node: '/usr/bin/node', script: '/opt/loadout/loadout-agent.mjs', nodeOnPath: true } as const;
    expect(formatSelfCommand(self, ['run'], { platform: 'linux' })).toBe('node /opt/loadout/loadout-agent.mjs run');
    expect(
      formatSelfCommand({ ...self, node: '/home/ana/.nvm/versions/node/v20/bin/node', nodeOnPath: false }, ['run'], { platform: 'linux' }),
    ).toBe('/home/ana/.nvm/versions/node/v20/bin/node /opt/loadout/loadout-agent.mjs run');
  });

  it('in the source tree: npm run agent --', () => {
    expect(formatSelfCommand({ kind: 'dev' }, ['enroll', 'LINK'], { platform: 'linux' })).toBe('npm run agent -- enroll LINK');
    // These tests run under vitest from the source tree too.
    expect(selfCommand(['status'])).toMatch(/status$/);
  });

  it('quotes what a shell would read otherwise: a link with ? and &, quotes, $', () => {
    expect(quoteWord('https://x.example/devices/enroll?code=A&b=1', 'linux')).toBe("'https://x.example/devices/enroll?code=A&b=1'");
    expect(quoteWord("it's $HOME", 'linux')).toBe(`'it'\\''s $HOME'`);
    expect(quoteWord('--config-dir', 'linux')).toBe('--config-dir');
    expect(quoteWord('say "hi"', 'win32')).toBe('"say ""hi"""');
  });

  it('knows whether typing a name reaches a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agent-path-'));
    dirs.push(dir);
    const program = join(dir, 'real-agent');
    await writeFile(program, '');
    await chmod(program, 0o755);
    await symlink(program, join(dir, 'loadout-agent'));
    expect(pathReaches('loadout-agent', program, { PATH: `/nonexistent:${dir}` })).toBe(true);
    expect(pathReaches('loadout-agent', join(dir, 'other'), { PATH: dir })).toBe(false);
    expect(pathReaches('loadout-agent', program, { PATH: '/nonexistent' })).toBe(false);
  });

  it('no message in the agent spells a command as "loadout-agent …": they all go through selfCommand', async () => {
    const agentDir = dirname(fileURLToPath(import.meta.url));
    const files = (await readdir(agentDir, { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    const spelled = /loadout-agent (enroll|run|status|unenroll|service|install|uninstall)\b/;
    const found: string[] = [];
    for (const file of files) {
      const text = await readFile(join(agentDir, file), 'utf8');
      if (spelled.test(text)) found.push(file);
    }
    expect(found).toEqual([]);
  });
});
