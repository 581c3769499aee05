import { describe, expect, it } from 'vitest';

import { formatBrewfile, readBrewfile } from './brewfile';

const entriesOf = (content: string) => readBrewfile(content).entries.map(({ kind, name }) => ({ kind, name }));

describe('Brewfile', () => {
  it('reads brew, cask and flatpak entries with their lines, and shows back every other line with its reason', () => {
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
      'flatpak "org.gimp.GIMP"',
      'cask_args appdir: "~/Applications"',
      'whalebrew "whalebrew/wget"',
      '',
    ].join('\r\n');
    const { entries, notes } = readBrewfile(content);
    expect(entries).toEqual([
      { kind: 'brew', name: 'git', line: 4 },
      { kind: 'brew', name: 'hashicorp/tap/terraform', line: 5 },
      { kind: 'brew', name: 'postgresql@16', line: 6 },
      { kind: 'cask', name: 'firefox', line: 7 },
      { kind: 'cask', name: 'visual-studio-code', line: 8 },
      { kind: 'cask', name: 'rectangle', line: 12 },
      { kind: 'flatpak', name: 'org.gimp.GIMP', line: 14 },
    ]);
    // `end` closes the block whose `if` is already shown; it says nothing more.
    expect(notes).toEqual([
      { line: 2, written: 'tap "homebrew/bundle"', reason: 'tap' },
      { line: 3, written: "tap 'hashicorp/tap'", reason: 'tap' },
      { line: 9, written: 'mas "Xcode", id: 497799835', reason: 'appStore' },
      { line: 10, written: 'vscode "dbaeumer.vscode-eslint"', reason: 'extension' },
      { line: 11, written: 'if OS.mac?', reason: 'condition' },
      { line: 15, written: 'cask_args appdir: "~/Applications"', reason: 'setting' },
      { line: 16, written: 'whalebrew "whalebrew/wget"', reason: 'otherTool' },
    ]);
  });

  // A Brewfile is Ruby: a published one defined a helper and guarded an entry with it, and the
  // whole file used to be refused for it.
  it('reads the entries of a file with Ruby code and conditions, and shows the code back', () => {
    const content = [
      'def exists?(app)',
      '  File.exist?("/Applications/#{app}.app")',
      'end',
      'cask "1password" unless exists?("1Password")',
      'brew "jq" if OS.linux?',
      "brew 'fzf', args: ['HEAD'] unless ENV['CI']",
      'cask "slack"',
      '["ripgrep", "fd"].each { |name| brew name }',
    ].join('\n');
    const { entries, notes } = readBrewfile(content);
    expect(entries.map(({ name, line }) => [name, line])).toEqual([
      ['1password', 4],
      ['jq', 5],
      ['fzf', 6],
      ['slack', 7],
    ]);
    expect(notes).toEqual([
      { line: 1, written: 'def exists?(app)', reason: 'code' },
      { line: 2, written: 'File.exist?("/Applications/#{app}.app")', reason: 'code' },
      { line: 4, written: 'cask "1password" unless exists?("1Password")', reason: 'condition' },
      { line: 5, written: 'brew "jq" if OS.linux?', reason: 'condition' },
      { line: 6, written: "brew 'fzf', args: ['HEAD'] unless ENV['CI']", reason: 'condition' },
      { line: 8, written: '["ripgrep", "fd"].each { |name| brew name }', reason: 'code' },
    ]);
  });

  it('does not take a word inside a name or a quoted option for a condition', () => {
    const { entries, notes } = readBrewfile('brew "gifski"\ncask "unless-app", args: { note: "if you like" }\n');
    expect(entries.map(({ name }) => name)).toEqual(['gifski', 'unless-app']);
    expect(notes).toEqual([]);
  });

  it('shortens a long line it shows back', () => {
    const { notes } = readBrewfile(`brew "git"\nputs "${'x'.repeat(300)}"`);
    expect(notes[0]?.written).toHaveLength(120);
    expect(notes[0]?.written.endsWith('…')).toBe(true);
  });

  it('writes casks then formulae, which read back the same', () => {
    const entries = [
      { kind: 'brew' as const, name: 'git' },
      { kind: 'cask' as const, name: 'firefox' },
    ];
    const text = formatBrewfile(entries, 'Dev "tools"');
    expect(text).toBe('# Dev "tools" (exported from Loadout)\ncask "firefox"\nbrew "git"\n');
    expect(entriesOf(text)).toEqual([entries[1], entries[0]]);
  });

  it('refuses a file with no entry that is not a Brewfile, naming the first line it cannot read', () => {
    expect(() => readBrewfile('# apps\nFirefox\nGit\n')).toThrow(
      'This is not a valid Brewfile: line 2 (“Firefox”) is not a brew "…" or cask "…" entry.',
    );
    expect(() => readBrewfile('brew git')).toThrow('line 1');
    expect(() => readBrewfile('{"Sources": []}')).toThrow('This is not a valid Brewfile');
    // Only directives, or nothing at all: a Brewfile with no app in it, not an error.
    expect(readBrewfile('tap "homebrew/cask"\n# nothing yet\n').entries).toEqual([]);
    expect(readBrewfile('').entries).toEqual([]);
  });

  it('reads entries written with parentheses, odd spacing and options', () => {
    expect(entriesOf('brew("git")\ncask  (  "firefox"  , args: { appdir: "~/Apps" })\nbrew "jq" )')).toEqual([
      { kind: 'brew', name: 'git' },
      { kind: 'cask', name: 'firefox' },
      { kind: 'brew', name: 'jq' },
    ]);
    for (const unreadable of ['brew "git\'', 'brew ""', 'brew "git" extra', 'brewster "git"']) {
      expect(() => readBrewfile(unreadable)).toThrow('line 1');
      // Beside an entry, the same line is shown back instead.
      expect(readBrewfile(`cask "slack"\n${unreadable}`).notes).toEqual([{ line: 2, written: unreadable, reason: 'code' }]);
    }
  });

  // The audit's request: a backtracking pattern took 14 s for 200,000 spaces and about 98 s
  // for the 512 KB the import allows; this one answers within the test's time limit.
  it.each([
    ['spaces after brew', `brew${' '.repeat(512 * 1024)}x`],
    ['spaces and a parenthesis', `brew (${' '.repeat(512 * 1024)}x`],
    ['an unterminated name', `cask "${'a'.repeat(512 * 1024)}`],
    ['options without end', `brew "git",${' ,'.repeat(256 * 1024)}`],
  ])('reads a 512 KB line of %s in linear time', (_label, content) => {
    if (content.startsWith('brew "git",')) expect(entriesOf(content)).toEqual([{ kind: 'brew', name: 'git' }]);
    else expect(() => readBrewfile(content)).toThrow('This is not a valid Brewfile: line 1');
  });
});
