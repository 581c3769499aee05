import { describe, expect, it } from 'vitest';

import { formatBrewfile, parseBrewfile } from './brewfile';

describe('Brewfile', () => {
  it('reads brew and cask entries and skips taps, App Store apps, comments and options', () => {
    const content = [
      '# My Mac',
      'tap "homebrew/bundle"',
      "tap 'hashicorp/tap'",
      'brew "git"',
      'brew "hashicorp/tap/terraform"',
      'brew "postgresql@16", restart_service: :changed, link: true  # the database',
      "cask 'firefox'",
      'cask "visual-studio-code", greedy: true',
      'mas "Xcode", id: 497799835',
      'vscode "dbaeumer.vscode-eslint"',
      'if OS.mac?',
      '  cask "rectangle"',
      'end',
      '',
    ].join('\r\n');
    expect(parseBrewfile(content)).toEqual([
      { kind: 'brew', name: 'git' },
      { kind: 'brew', name: 'hashicorp/tap/terraform' },
      { kind: 'brew', name: 'postgresql@16' },
      { kind: 'cask', name: 'firefox' },
      { kind: 'cask', name: 'visual-studio-code' },
      { kind: 'cask', name: 'rectangle' },
    ]);
  });

  it('writes casks then formulae, which read back the same', () => {
    const entries = [
      { kind: 'brew' as const, name: 'git' },
      { kind: 'cask' as const, name: 'firefox' },
    ];
    const text = formatBrewfile(entries, 'Dev "tools"');
    expect(text).toBe('# Dev "tools" (exported from Loadout)\ncask "firefox"\nbrew "git"\n');
    expect(parseBrewfile(text)).toEqual([entries[1], entries[0]]);
  });

  it('refuses a file that is not a Brewfile, naming the line', () => {
    expect(() => parseBrewfile('brew "git"\nFirefox\n')).toThrow(
      'This is not a valid Brewfile: line 2 (“Firefox”) is not a brew "…" or cask "…" entry.',
    );
    expect(() => parseBrewfile('brew git')).toThrow('line 1');
    expect(() => parseBrewfile('{"Sources": []}')).toThrow('This is not a valid Brewfile');
  });

  it('reads entries written with parentheses, odd spacing and options', () => {
    expect(parseBrewfile('brew("git")\ncask  (  "firefox"  , args: { appdir: "~/Apps" })\nbrew "jq" )')).toEqual([
      { kind: 'brew', name: 'git' },
      { kind: 'cask', name: 'firefox' },
      { kind: 'brew', name: 'jq' },
    ]);
    expect(() => parseBrewfile('brew "git\'')).toThrow('line 1');
    expect(() => parseBrewfile('brew ""')).toThrow('line 1');
    expect(() => parseBrewfile('brew "git" extra')).toThrow('line 1');
    expect(() => parseBrewfile('brewster "git"')).toThrow('line 1');
  });

  // The audit's request: a backtracking pattern took 14 s for 200,000 spaces and about 98 s
  // for the 512 KB the import allows; this one answers within the test's time limit.
  it.each([
    ['spaces after brew', `brew${' '.repeat(512 * 1024)}x`],
    ['spaces and a parenthesis', `brew (${' '.repeat(512 * 1024)}x`],
    ['an unterminated name', `cask "${'a'.repeat(512 * 1024)}`],
    ['options without end', `brew "git",${' ,'.repeat(256 * 1024)}`],
  ])('reads a 512 KB line of %s in linear time', (_label, content) => {
    if (content.startsWith('brew "git",')) expect(parseBrewfile(content)).toEqual([{ kind: 'brew', name: 'git' }]);
    else expect(() => parseBrewfile(content)).toThrow('This is not a valid Brewfile: line 1');
  });
});
