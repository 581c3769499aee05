import { describe, expect, it } from 'vitest';

import { formatWingetConfigure, readWingetConfigure } from './winget-configure';

// The shape of Microsoft's sample configuration (winget-dsc's "configuration.dsc.yaml"): an
// assertion, a Windows setting, packages, and one from the Store.
const SAMPLE = `# yaml-language-server: $schema=https://aka.ms/configuration-dsc-schema/0.2
properties:
  assertions:
    - resource: Microsoft.Windows.Developer/OsVersion
      directives:
        description: Verify min OS version requirement
      settings:
        MinVersion: '10.0.22000'
  resources:
    - resource: Microsoft.Windows.Developer/DeveloperMode
      directives:
        description: Enable Developer Mode
      settings:
        Ensure: Present
    - resource: Microsoft.WinGet.DSC/WinGetPackage
      id: vsPackage
      directives:
        description: Install Visual Studio 2022 Community
      settings:
        id: Microsoft.VisualStudio.2022.Community
        source: winget
    - resource: Microsoft.WinGet.DSC/WinGetPackage
      directives:
        description: Install Git
      settings:
        Id: Git.Git
        Source: winget
    - resource: Microsoft.WinGet.DSC/WinGetPackage
      settings:
        id: 9NBLGGH4NNS1
        source: msstore
    - resource: Microsoft.WinGet.DSC/WinGetPackage
      settings:
        id: Microsoft.Teams.Classic
        ensure: Absent
  configurationVersion: 0.2.0
`;

describe('winget configuration files', () => {
  it('reads the packages with their lines, and shows back the steps that are not packages or that remove one', () => {
    const { packages, notes } = readWingetConfigure(SAMPLE);
    expect(packages).toEqual([
      { id: 'Microsoft.VisualStudio.2022.Community', line: 15, fromStore: false },
      { id: 'Git.Git', line: 22, fromStore: false },
      { id: '9NBLGGH4NNS1', line: 28, fromStore: true },
    ]);
    expect(notes).toEqual([
      { line: 10, written: 'Microsoft.Windows.Developer/DeveloperMode', reason: 'otherResource' },
      { line: 32, written: 'Microsoft.Teams.Classic', reason: 'absent' },
    ]);
  });

  it('reads the DSC 3 shape too', () => {
    const dsc3 = [
      '$schema: https://raw.githubusercontent.com/PowerShell/DSC/main/schemas/2023/08/config/document.json',
      'resources:',
      '  - name: Install Git',
      '    type: Microsoft.WinGet.DSC/WinGetPackage',
      '    properties:',
      '      Id: Git.Git',
      '      Source: winget',
    ].join('\n');
    expect(readWingetConfigure(dsc3).packages).toEqual([{ id: 'Git.Git', line: 3, fromStore: false }]);
  });

  it('writes what winget configure applies, a pinned app with its version, and reads it back', () => {
    const text = formatWingetConfigure(
      [
        { id: 'Mozilla.Firefox', name: 'Firefox', version: null },
        { id: 'Git.Git', name: 'Git: "the" tool', version: '2.47.1' },
      ],
      'Dev box',
    );
    expect(text).toContain('# Dev box (exported from Loadout)');
    expect(text).toContain('configurationVersion: 0.2.0');
    expect(text).toContain('version: 2.47.1');
    expect(readWingetConfigure(text).packages.map(({ id }) => id)).toEqual(['Mozilla.Firefox', 'Git.Git']);
    expect(readWingetConfigure(text).notes).toEqual([]);
  });

  it('says clearly what is wrong with a file that is not a configuration', () => {
    expect(() => readWingetConfigure('properties:\n  resources: [\n')).toThrow('This is not a winget configuration file: line');
    expect(() => readWingetConfigure('{"Sources": []}')).toThrow('it has no "resources" list');
    expect(() => readWingetConfigure('just some text')).toThrow('it has no "resources" list');
  });

  it('never expands aliases: a small file stays small', () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 12; level += 1)
      laughs.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(',')}]`,
      );
    laughs.push('resources:', '  - resource: Microsoft.WinGet.DSC/WinGetPackage', '    settings: { id: *l }');
    const { packages, notes } = readWingetConfigure(laughs.join('\n'));
    expect(packages).toEqual([]);
    expect(notes).toEqual([{ line: 14, written: 'Microsoft.WinGet.DSC/WinGetPackage', reason: 'invalidId' }]);
  });
});
