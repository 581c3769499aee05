import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const LISTS_DIR = '/var/lib/apt/lists';

/**
 * A real apt repository on this machine, made by the test: a tiny package built with dpkg-deb
 * in two versions, the older installed with dpkg, the newer published in a `file:` source so
 * that `apt list --upgradable` reports it — an out-of-date app without the network or a
 * Debian mirror's timing. Needs root; `remove()` puts the machine back as it was.
 */
export class LocalAptRepo {
  private readonly root = mkdtempSync(join(tmpdir(), 'loadout-apt-repo-'));
  private readonly repo = join(this.root, 'repo');
  private readonly sourceFile: string;

  /** `others`: more packages of this repository (built with `build(version, {name})`), purged with it. */
  constructor(
    readonly packageName: string,
    private readonly others: readonly string[] = [],
  ) {
    this.sourceFile = `/etc/apt/sources.list.d/${packageName}-e2e.list`;
    // apt reads file: sources as its unprivileged _apt user: the folders must be readable to all.
    chmodSync(this.root, 0o755);
    mkdirSync(this.repo, { mode: 0o755 });
  }

  /**
   * Builds the package (or another of this repository's, `name`) at `version` — one text file
   * saying the version, and `depends` as its Depends line — and answers the .deb's path.
   */
  build(version: string, { name = this.packageName, depends }: { name?: string; depends?: string } = {}): string {
    const tree = join(this.root, `tree-${name}-${version}`);
    mkdirSync(join(tree, 'DEBIAN'), { recursive: true });
    mkdirSync(join(tree, 'usr/share', name), { recursive: true });
    writeFileSync(
      join(tree, 'DEBIAN/control'),
      [
        `Package: ${name}`,
        `Version: ${version}`,
        ...(depends ? [`Depends: ${depends}`] : []),
        'Architecture: all',
        'Maintainer: Loadout tests <tests@loadout.invalid>',
        'Section: misc',
        'Priority: optional',
        'Description: A package the Loadout end-to-end tests install and update',
        ' It holds one text file with its version.',
        '',
      ].join('\n'),
    );
    writeFileSync(join(tree, 'usr/share', name, 'VERSION'), `${version}\n`);
    const deb = join(this.root, `${name}_${version}_all.deb`);
    execFileSync('dpkg-deb', ['--build', '--root-owner-group', tree, deb], { stdio: 'ignore' });
    return deb;
  }

  /** Installs a built version straight with dpkg, as if the machine had it from long ago. */
  installDirectly(deb: string): void {
    execFileSync('dpkg', ['-i', deb], { stdio: 'ignore', env: APT_ENV });
  }

  /** Puts the .deb in the repository, indexes it and refreshes apt's lists for this one source only. */
  publish(deb: string): void {
    execFileSync('cp', [deb, this.repo]);
    const index = execFileSync('dpkg-scanpackages', ['--multiversion', '.', '/dev/null'], {
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

  /** What `apt list --upgradable` says of the package: its line, or null. */
  upgradable(): string | null {
    const out = execFileSync('apt', ['list', '--upgradable'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: APT_ENV });
    return out.split('\n').find((line) => line.startsWith(`${this.packageName}/`)) ?? null;
  }

  /** Purges the packages, the source and apt's copy of its index, and the files. */
  remove(): void {
    // Dependants first: dpkg refuses to purge a package another installed one depends on.
    for (const name of [...this.others].reverse().concat(this.packageName)) {
      try {
        execFileSync('dpkg', ['--purge', name], { stdio: 'ignore', env: APT_ENV });
      } catch {
        // Not installed: nothing to purge.
      }
    }
    rmSync(this.sourceFile, { force: true });
    // apt names a source's lists after its URI with "/" turned into "_".
    const prefix = `${this.repo.replaceAll('/', '_')}_`;
    if (existsSync(LISTS_DIR))
      for (const name of readdirSync(LISTS_DIR)) if (name.startsWith(prefix)) rmSync(join(LISTS_DIR, name), { force: true });
    rmSync(this.root, { recursive: true, force: true });
  }
}
