import { describe, expect, it } from 'vitest';

import type { AgentBuild } from '@shared/api/client';

import { buildFileName, downloadOptions, formatSize, psQuote, shQuote } from './agent-download-options';

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

describe('downloadOptions', () => {
  it('leads Linux with the x64 .deb, then the bare program, then other processors, and never the .mjs', () => {
    const options = downloadOptions(ALL, 'linux', LINK);
    expect(options.map((option) => option.file)).toEqual([
      'loadout-agent-linux-x64.deb',
      'loadout-agent-linux-x64',
      'loadout-agent-linux-arm64.deb',
    ]);
    expect(options[0]?.steps.map((step) => step.command)).toEqual([
      `sudo apt install ./loadout-agent-linux-x64.deb && sudo loadout-agent install '${LINK}'`,
    ]);
    expect(options[1]?.steps.map((step) => step.command)).toEqual([
      `chmod +x loadout-agent-linux-x64 && sudo ./loadout-agent-linux-x64 install '${LINK}'`,
    ]);
    expect(options[0]?.verify).toBe(`echo "${'c0'.repeat(32)}  loadout-agent-linux-x64.deb" | sha256sum -c`);
  });

  it('leads Windows with the .exe run from Downloads in PowerShell, then the .msi', () => {
    const [exe, msi, ...rest] = downloadOptions(ALL, 'windows', LINK);
    expect(rest).toEqual([]);
    expect(exe?.file).toBe('loadout-agent-windows-x64.exe');
    expect(exe?.steps.map((step) => step.command)).toEqual([
      `& "$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64.exe" install '${LINK}'`,
    ]);
    expect(msi?.file).toBe('loadout-agent-windows-x64.msi');
    expect(msi?.steps.map((step) => step.command)).toEqual([`& "$env:ProgramFiles\\Loadout Agent\\loadout-agent.exe" install '${LINK}'`]);
    expect(exe?.verify).toContain('Get-FileHash "$env:USERPROFILE\\Downloads\\loadout-agent-windows-x64.exe" -Algorithm SHA256');
  });

  it('removes the download mark on macOS before the unsigned program runs', () => {
    const [exe, tarball] = downloadOptions(ALL, 'macos', LINK);
    expect(exe?.steps.map((step) => step.command)).toEqual([
      'xattr -d com.apple.quarantine loadout-agent-macos-x64',
      `chmod +x loadout-agent-macos-x64 && sudo ./loadout-agent-macos-x64 install '${LINK}'`,
    ]);
    expect(tarball?.steps.map((step) => step.command)).toEqual([
      'tar -xzf loadout-agent-macos-x64.tar.gz && cd loadout-agent-macos-x64',
      'xattr -d com.apple.quarantine loadout-agent',
      `sudo ./loadout-agent install '${LINK}'`,
    ]);
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
