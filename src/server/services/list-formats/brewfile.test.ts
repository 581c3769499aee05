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
    expect(() => parseBrewfile('brew "git"\nFirefox\n')).toThrow('This is not a valid Brewfile: line 2 (“Firefox”) is not a brew "…" or cask "…" entry.');
    expect(() => parseBrewfile('brew git')).toThrow('line 1');
    expect(() => parseBrewfile('{"Sources": []}')).toThrow('This is not a valid Brewfile');
  });
});
