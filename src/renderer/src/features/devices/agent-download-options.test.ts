import { describe, expect, it } from 'vitest';

import type { AgentBuild } from '@shared/api/client';

import { buildFileName, checkCommand, downloadOptions, formatSize, psQuote, shQuote } from './agent-download-options';

const LINK = 'https://loadout.example/devices/enroll?code=K7QM2-ABCDE';

function build(platform: AgentBuild['platform'], arch: AgentBuild['arch'], format: AgentBuild['format']): AgentBuild {
  const query = format === 'exe' ? '' : `?format=${format}`;
  return {
    platform,
    arch,
    format,
    url: `https://loadout.example/api/client/agent/${platform}/${arch}${query}`,
    sha256: 'c0'.repeat(32),
    size: 95_200_000,
    signature: 'c2ln',
  };
}

const ALL = [
  build('any', 'any', 'mjs'),
  build('linux', 'arm64', 'deb'),
  build('linux', 'x64', 'exe'),
  build('linux', 'x64', 'deb'),
  build('windows', 'x64', 'msi'),
  build('windows', 'x64', 'exe'),
  build('macos', 'x64', 'tar.gz'),
  build('macos', 'x64', 'exe'),
];

const HASH = 'c0'.repeat(32);
const LINUX_CHECK = (file: string) => `echo '${HASH}  ${file}' | sha256sum -c -`;
const MAC_CHECK = (file: string) => `echo '${HASH}  ${file}' | shasum -a 256 -c -`;
const WINDOWS_CHECK = (file: string) =>
  `if ((Get-FileHash "$env:USERPROFILE\\Downloads\\${file}" -Algorithm SHA256).Hash -ne '${HASH}') ` +
  `{ throw '${file} does not match its SHA-256: do not run it' }`;

describe('downloadOptions', () => {
  it('leads Linux with the x64 .deb, then the bare program, then other processors, and never the .mjs', () => {
    const options = downloadOptions(ALL, 'linux', LINK);
    expect(options.map((option) => option.file)).toEqual([
      'loadout-agent-linux-x64.deb',
      'loadout-agent-linux-x64',
      'loadout-agent-linux-arm64.deb',
    ]);
    expect(options[0]?.steps.map((step) => step.command)).toEqual([
      `${LINUX_CHECK('loadout-agent-linux-x64.deb')} && sudo apt install ./loadout-agent-linux-x64.deb && sudo loadout-agent install '${LINK}'`,
    ]);
    expect(options[1]?.steps.map((step) => step.command)).toEqual([
      `${LINUX_CHECK('loadout-agent-linux-x64')} && chmod +x loadout-agent-linux-x64 && sudo ./loadout-agent-linux-x64 install '${LINK}'`,
    ]);
    expect(options[0]?.verify).toBe(LINUX_CHECK('loadout-agent-linux-x64.deb'));
  });

  it('leads Windows with the .exe run from Downloads in PowerShell, then the .msi', () => {
    const [exe, msi, ...rest] = downloadOptions(ALL, 'windows', LINK);
    expect(rest).toEqual([]);
    expect(exe?.file).toBe('loadout-agent-windows-x64.exe');
    expect(exe?.steps.map((step) => step.command)).toEqual([
      `${WINDOWS_CHECK('loadout-agent-windows-x64.exe')}; & "$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64.exe" install '${LINK}'`,
    ]);
    expect(msi?.file).toBe('loadout-agent-windows-x64.msi');
    expect(msi?.steps.map((step) => step.command)).toEqual([
      `${WINDOWS_CHECK('loadout-agent-windows-x64.msi')}; Start-Process msiexec.exe -Wait -ArgumentList '/i', "\`"$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64.msi\`""`,
      `& "$env:ProgramFiles\\Loadout Agent\\loadout-agent.exe" install '${LINK}'`,
    ]);
    expect(exe?.verify).toBe(WINDOWS_CHECK('loadout-agent-windows-x64.exe'));
  });

  it('removes the download mark on macOS before the unsigned program runs, and checks it first', () => {
    const [exe, tarball] = downloadOptions(ALL, 'macos', LINK);
    expect(exe?.steps.map((step) => step.command)).toEqual([
      'xattr -d com.apple.quarantine loadout-agent-macos-x64',
      `${MAC_CHECK('loadout-agent-macos-x64')} && chmod +x loadout-agent-macos-x64 && sudo ./loadout-agent-macos-x64 install '${LINK}'`,
    ]);
    expect(tarball?.steps.map((step) => step.command)).toEqual([
      `${MAC_CHECK('loadout-agent-macos-x64.tar.gz')} && tar -xzf loadout-agent-macos-x64.tar.gz && cd loadout-agent-macos-x64`,
      'xattr -d com.apple.quarantine loadout-agent',
      `sudo ./loadout-agent install '${LINK}'`,
    ]);
  });

  it('starts every command that runs, unpacks or installs the download with the check of its SHA-256', () => {
    for (const platform of ['linux', 'macos', 'windows'] as const) {
      for (const option of downloadOptions(ALL, platform, LINK)) {
        const check = checkCommand(platform, option.file, option.build.sha256);
        const touching = option.steps.filter((step) => step.command.includes(option.file));
        // The macOS mark removal names the file but runs nothing of it.
        const running = touching.filter((step) => !step.command.startsWith('xattr'));
        expect(running.length, option.file).toBeGreaterThan(0);
        for (const step of running) expect(step.command.startsWith(check), step.command).toBe(true);
      }
    }
  });

  it('carries the hash of the build it names, not another one', () => {
    const other = { ...build('linux', 'x64', 'deb'), sha256: 'ab'.repeat(32) };
    const [deb] = downloadOptions([other], 'linux', LINK);
    expect(deb?.steps[0]?.command).toContain(`echo '${'ab'.repeat(32)}  loadout-agent-linux-x64.deb' | sha256sum -c - && sudo`);
  });

  it('offers nothing for a system the server has no build for', () => {
    expect(downloadOptions([build('any', 'any', 'mjs'), build('linux', 'x64', 'exe')], 'windows', LINK)).toEqual([]);
  });
});

describe('quoting the link', () => {
  it('keeps a quote inside the link from ending the word, in sh and in PowerShell', () => {
    expect(shQuote("a'b")).toBe(`'a'\\''b'`);
    expect(psQuote("a'b")).toBe(`'a''b'`);
    expect(shQuote('$HOME `x`')).toBe(`'$HOME \`x\`'`);
  });
});

describe('names and sizes', () => {
  it('names the files as the build writes them', () => {
    expect(buildFileName('windows', 'x64', 'exe')).toBe('loadout-agent-windows-x64.exe');
    expect(buildFileName('macos', 'arm64', 'exe')).toBe('loadout-agent-macos-arm64');
    expect(buildFileName('linux', 'arm64', 'deb')).toBe('loadout-agent-linux-arm64.deb');
  });

  it('says sizes in MB or KB', () => {
    expect(formatSize(109_971_456)).toBe('110.0 MB');
    expect(formatSize(31_917_492)).toBe('31.9 MB');
    expect(formatSize(640_000)).toBe('640 KB');
  });
});
