import { describe, expect, it } from 'vitest';

import { formatWinget, readWinget, WINGET_SCHEMA } from './winget';

const idsOf = (content: string) => readWinget(content).map(({ id }) => id);

// Abridged from a real `winget export -o packages.json` (winget 1.9).
const EXPORTED = `\uFEFF{
  "$schema" : "https://aka.ms/winget-packages.schema.2.0.json",
  "CreationDate" : "2025-01-10T10:24:51.512-00:00",
  "Sources" : [
    {
      "Packages" : [ { "PackageIdentifier" : "Mozilla.Firefox" }, { "PackageIdentifier" : "Git.Git", "Version" : "2.47.1" } ],
      "SourceDetails" : { "Argument" : "https://cdn.winget.microsoft.com/cache", "Identifier" : "Microsoft.Winget.Source_8wekyb3d8bbwe", "Name" : "winget", "Type" : "Microsoft.PreIndexed.Package" }
    },
    { "Packages" : [ { "PackageIdentifier" : "9NBLGGH4NNS1" } ], "SourceDetails" : { "Name" : "msstore" } }
  ],
  "WinGetVersion" : "1.9.25200"
}`;

describe('winget', () => {
  it('reads the package ids of a winget export, every source, in order, and which came from the Microsoft Store', () => {
    expect(readWinget(EXPORTED)).toEqual([
      { id: 'Mozilla.Firefox', fromStore: false },
      { id: 'Git.Git', fromStore: false },
      { id: '9NBLGGH4NNS1', fromStore: true },
    ]);
  });

  it('writes what winget import reads, a pinned app with its version, and reads it back', () => {
    const text = formatWinget(
      [
        { id: 'Mozilla.Firefox', version: null },
        { id: 'VideoLAN.VLC', version: '3.0.21' },
      ],
      new Date('2026-03-01T09:00:00Z'),
    );
    const file = JSON.parse(text) as Record<string, unknown>;
    expect(file).toEqual({
      $schema: WINGET_SCHEMA,
      CreationDate: '2026-03-01T09:00:00.000Z',
      Sources: [
        {
          Packages: [{ PackageIdentifier: 'Mozilla.Firefox' }, { PackageIdentifier: 'VideoLAN.VLC', Version: '3.0.21' }],
          SourceDetails: {
            Argument: 'https://cdn.winget.microsoft.com/cache',
            Identifier: 'Microsoft.Winget.Source_8wekyb3d8bbwe',
            Name: 'winget',
            Type: 'Microsoft.PreIndexed.Package',
          },
        },
      ],
      WinGetVersion: expect.stringMatching(/^1\.\d+/),
    });
    expect(idsOf(text)).toEqual(['Mozilla.Firefox', 'VideoLAN.VLC']);
  });

  it('says clearly what is wrong with a file that is not a winget export', () => {
    expect(() => idsOf('{"Sources": [')).toThrow('This is not a winget export file: it is not valid JSON.');
    expect(() => idsOf('{"apps": []}')).toThrow('This is not a winget export file: it has no "Sources" list.');
    expect(() => idsOf('{"Sources": [{}]}')).toThrow('a source has no "Packages" list');
    expect(() => idsOf('{"Sources": [{"Packages": [{"Id": "x"}]}]}')).toThrow('a package has no "PackageIdentifier"');
  });
});
