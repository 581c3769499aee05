import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { APT_ENV, buildDeb, makeRepoFolders, publishRepo, removeRepo } from '../../../bench/apt-repo.mjs';

/**
 * A real apt repository on this machine, made by the test (with the benchmarks' building
 * blocks, bench/apt-repo.mjs): a tiny package built with dpkg-deb in two versions, the older
 * installed with dpkg, the newer published in a `file:` source so that `apt list --upgradable`
 * reports it — an out-of-date app without the network or a Debian mirror's timing. Needs root;
 * `remove()` puts the machine back as it was.
 */
export class LocalAptRepo {
  private readonly folders = makeRepoFolders('loadout-apt-repo-');
  private readonly sourceFile: string;

  /** `others`: more packages of this repository (built with `build(version, {name})`), purged with it. */
  constructor(
    readonly packageName: string,
    private readonly others: readonly string[] = [],
  ) {
    this.sourceFile = `/etc/apt/sources.list.d/${packageName}-e2e.list`;
  }

  /**
   * Builds the package (or another of this repository's, `name`) at `version` — one text file
   * saying the version, `depends` as its Depends line and, with `settings`, a configuration file
   * /etc/NAME/settings.conf — and answers the .deb's path.
   */
  build(
    version: string,
    { name = this.packageName, depends, settings }: { name?: string; depends?: string; settings?: string } = {},
  ): string {
    return buildDeb(this.folders.root, this.folders.root, {
      name,
      version,
      ...(depends ? { depends } : {}),
      ...(settings !== undefined ? { settings } : {}),
      maintainer: 'Loadout tests <tests@loadout.invalid>',
      description: ['A package the Loadout end-to-end tests install and update', 'It holds one text file with its version.'],
      files: { VERSION: `${version}\n` },
    });
  }

  /** Installs a built version straight with dpkg, as if the machine had it from long ago. */
  installDirectly(deb: string): void {
    execFileSync('dpkg', ['-i', deb], { stdio: 'ignore', env: APT_ENV });
  }

  /** Puts the .debs in the repository, indexes them and refreshes apt's lists for this one source only (once). */
  publish(...debs: string[]): void {
    for (const deb of debs) copyFileSync(deb, join(this.folders.repo, basename(deb)));
    publishRepo(this.folders.repo, this.sourceFile);
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
    removeRepo(this.folders, this.sourceFile);
  }
}
