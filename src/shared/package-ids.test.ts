import { describe, expect, it } from 'vitest';

import { isValidPackageId, isValidPinnedVersion, type PackageIdKind } from './package-ids';

const valid: Record<PackageIdKind, string[]> = {
  winget: ['Microsoft.VisualStudioCode', '7zip.7zip', 'Notepad++.Notepad++', 'Python.Python.3.12', 'Mozilla.Firefox.ESR', 'Git.Git'],
  choco: [
    'googlechrome',
    '7zip.install',
    'notepadplusplus.install',
    'nodejs-lts',
    'git.install',
    'vscode',
    'python3',
    'DotNet4.5.2',
    'temp_BoxstarterPackage',
  ],
  'brew-formula': ['node', 'python@3.12', 'gnupg', 'libxml2', 'c-ares'],
  'brew-cask': ['firefox', 'visual-studio-code', '1password', 'google-chrome@beta'],
  apt: ['hello', 'python3.11', 'libstdc++6', 'g++-12', 'dvd+rw-tools', 'node-typescript', '7zip'],
  flatpak: ['org.mozilla.firefox', 'com.visualstudio.code', 'org.gnome.Platform.Locale', 'io.github.Foo_Bar'],
  snap: ['firefox', 'code', 'node', 'core22', 'kde-frameworks-5'],
};

/** What an audit sent: actions, options, patterns, paths, taps, shell syntax and control characters. */
const abusive: Record<PackageIdKind, string[]> = {
  winget: ['--override', '-e', 'Git.Git --force', 'Git', 'Git.Git;calc', 'Git..Git', 'Git.Git\n', 'C:\\x.Git', '../Git.Git', '*.Git'],
  // choco reads `/y` and `-force` as options, `a;b` as two packages, `all` as every package,
  // `*.config` as a packages.config file and `*.nupkg` / `*.nuspec` as a package file to install or build.
  choco: [
    '/y',
    '-force',
    '--source=x',
    '-y',
    'a b',
    'a;b',
    'a,b',
    'pkg*',
    '..\\x',
    'C:\\x',
    'a/b',
    'git..install',
    'git.',
    '.git',
    'git-',
    'all',
    'ALL',
    'packages.config',
    'x.nupkg',
    'x.NuSpec',
    'firefox\n',
    'fïrefox',
    'x'.repeat(101),
  ],
  'brew-formula': ['--HEAD', '-s', 'evil/tap/node', '/tmp/node.rb', './node.rb', 'https://x/node.rb', 'node;id', 'Node', ''],
  'brew-cask': ['--no-quarantine', 'evil/tap/firefox', '/Applications/x.app', 'fire fox', '../firefox'],
  apt: [
    'hello-',
    'hello+',
    'hel.+',
    'canary.+',
    '.+',
    'bas*',
    'hel?o',
    'he[l]lo',
    '^hello',
    'hello$',
    '-hello',
    '--purge',
    'hello:amd64',
    'hello=1.0',
    'hello/stable',
    'Hello',
    'h',
    'hello.',
    'a b',
    'hello\0',
  ],
  flatpak: [
    '--system',
    '-y',
    'org.mozilla',
    'firefox',
    'org..firefox',
    '.org.mozilla.firefox',
    'org.mozilla.firefox//stable',
    '/var/lib/x.flatpakref',
    'org.mozilla.1firefox',
  ],
  snap: ['--dangerous', '-', 'a--b', 'Firefox', 'fire_fox', './x.snap', '/tmp/x.snap', 'foo-', '12345', 'x'.repeat(41)],
};

describe('package id grammar', () => {
  for (const [kind, ids] of Object.entries(valid) as Array<[PackageIdKind, string[]]>) {
    it(`takes real ${kind} ids`, () => {
      for (const id of ids) expect(isValidPackageId(kind, id), id).toBe(true);
    });
  }
  for (const [kind, ids] of Object.entries(abusive) as Array<[PackageIdKind, string[]]>) {
    it(`refuses ${kind} ids that a manager would read as an option, action, pattern, path or tap`, () => {
      for (const id of ids) expect(isValidPackageId(kind, id), JSON.stringify(id)).toBe(false);
    });
  }

  it('refuses nothing starting with "-" for any manager', () => {
    for (const kind of Object.keys(valid) as PackageIdKind[]) {
      for (const id of valid[kind]) expect(isValidPackageId(kind, `-${id}`), `${kind} -${id}`).toBe(false);
    }
  });

  it('reads a very long id in linear time and refuses it by length', () => {
    expect(isValidPackageId('apt', 'a'.repeat(129))).toBe(false);
    expect(isValidPackageId('winget', `${'a.'.repeat(100_000)}a`)).toBe(false);
  });
});

describe('isValidPinnedVersion', () => {
  it.each(['1.0', '2.10-3', '1:2.3-1', '1.0~rc1', '5.2.1+dfsg-1ubuntu2', '122.0.6261.94', 'v1.2.3', 'latest_1', '42', 'a'.repeat(64)])(
    'accepts %j',
    (version) => {
      expect(isValidPinnedVersion(version)).toBe(true);
    },
  );

  it.each([
    '',
    '-o x',
    '-1.0',
    '--allow-unauthenticated',
    '1.0 ; rm',
    '$(x)',
    '`x`',
    '1.0\n',
    '1.0\nrm',
    '*',
    '1.*',
    '=x',
    '1.0=2',
    '1.0/stable',
    '.1',
    '~1',
    ':1',
    '1 0',
    "1.0'",
    '1.0"',
    '1.0|x',
    '1.0&',
    '1.0>x',
    '1.0\0',
    '１.0',
    'a'.repeat(65),
  ])('refuses %j', (version) => {
    expect(isValidPinnedVersion(version)).toBe(false);
  });
});
