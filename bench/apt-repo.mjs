// A real apt repository on this machine, built by a benchmark: small packages made with
// dpkg-deb, indexed with dpkg-scanpackages and added as a `file:` source (the idea of
// tests/e2e/helpers/local-apt-repo.ts, in plain JavaScript for bench/). Needs root.
// `remove()` purges the packages and takes away the source, apt's lists of it and the files;
// it is safe to call more than once and after a half-made repository.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' };
const LISTS_DIR = '/var/lib/apt/lists';

export class BenchAptRepo {
  /** `names`: the packages, each holding a few text files; version 1.0. */
  constructor(names, { filesPerPackage = 20 } = {}) {
    this.names = names;
    this.root = mkdtempSync(join(tmpdir(), 'loadout-bench-apt-'));
    this.repo = join(this.root, 'repo');
    this.sourceFile = `/etc/apt/sources.list.d/${names[0]}-bench.list`;
    this.filesPerPackage = filesPerPackage;
  }

  /** Builds and publishes every package, then refreshes apt's lists for this source only. */
  create() {
    // apt reads file: sources as its unprivileged _apt user: the folders must be readable to all.
    chmodSync(this.root, 0o755);
    mkdirSync(this.repo, { mode: 0o755 });
    for (const name of this.names) this.build(name);
    const index = execFileSync('dpkg-scanpackages', ['.', '/dev/null'], {
      cwd: this.repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    writeFileSync(join(this.repo, 'Packages'), index, { mode: 0o644 });
    for (const name of readdirSync(this.repo)) chmodSync(join(this.repo, name), 0o644);
    writeFileSync(this.sourceFile, `deb [trusted=yes] file:${this.repo} ./\n`);
    execFileSync(
      'apt-get',
      ['update', '-q', '-o', `Dir::Etc::sourcelist=${this.sourceFile}`, '-o', 'Dir::Etc::sourceparts=-', '-o', 'APT::Get::List-Cleanup=0'],
      { stdio: 'ignore', env: APT_ENV },
    );
  }

  build(name) {
    const tree = join(this.root, `tree-${name}`);
    mkdirSync(join(tree, 'DEBIAN'), { recursive: true });
    mkdirSync(join(tree, 'usr/share', name), { recursive: true });
    writeFileSync(
      join(tree, 'DEBIAN/control'),
      [
        `Package: ${name}`,
        'Version: 1.0',
        'Architecture: all',
        'Maintainer: Loadout bench <bench@loadout.invalid>',
        'Section: misc',
        'Priority: optional',
        'Description: A package Loadout benchmark installs',
        ' It holds a few text files.',
        '',
      ].join('\n'),
    );
    for (let i = 0; i < this.filesPerPackage; i += 1)
      writeFileSync(join(tree, 'usr/share', name, `file-${i}.txt`), `${name} ${i}\n`.repeat(50));
    execFileSync('dpkg-deb', ['--build', '--root-owner-group', tree, join(this.repo, `${name}_1.0_all.deb`)], { stdio: 'ignore' });
  }

  /** The packages of this repository that dpkg has installed now. */
  installed() {
    return this.names.filter((name) => {
      try {
        return (
          execFileSync('dpkg-query', ['-W', '-f=${Status}', '--', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) ===
          'install ok installed'
        );
      } catch {
        return false;
      }
    });
  }

  /** Purges the packages (so the next round installs them again). */
  purge() {
    const present = this.names.filter((name) => {
      try {
        execFileSync('dpkg-query', ['-W', '--', name], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
    if (present.length > 0) execFileSync('dpkg', ['--purge', '--', ...present], { stdio: 'ignore', env: APT_ENV });
  }

  remove() {
    try {
      this.purge();
    } catch (error) {
      console.error(`could not purge the bench packages: ${error.message}`);
    }
    rmSync(this.sourceFile, { force: true });
    // apt names a source's lists after its URI with "/" turned into "_".
    const prefix = `${this.repo.replaceAll('/', '_')}_`;
    if (existsSync(LISTS_DIR))
      for (const name of readdirSync(LISTS_DIR)) if (name.startsWith(prefix)) rmSync(join(LISTS_DIR, name), { force: true });
    rmSync(this.root, { recursive: true, force: true });
  }
}
