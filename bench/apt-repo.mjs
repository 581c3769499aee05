// A real apt repository on this machine: small packages made with dpkg-deb, indexed with
// dpkg-scanpackages and added as a `file:` source. Needs root. The building blocks
// (makeRepoFolders, buildDeb, publishRepo, removeRepo) are shared with the end-to-end tests'
// tests/e2e/helpers/local-apt-repo.ts (typed by apt-repo.d.mts); BenchAptRepo is the
// benchmark's: many packages of one version, installed and purged round after round.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' };
const LISTS_DIR = '/var/lib/apt/lists';

/** A fresh folder (`root`) holding the repository's (`repo`), both readable by apt's _apt user. */
export function makeRepoFolders(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const repo = join(root, 'repo');
  // apt reads file: sources as its unprivileged _apt user: the folders must be readable to all.
  chmodSync(root, 0o755);
  mkdirSync(repo, { mode: 0o755 });
  return { root, repo };
}

/**
 * Builds `name` at `version` with dpkg-deb from a tree made under `workDir`; `files` maps file
 * names under /usr/share/<name>/ to their text. Answers the path of the .deb, written to `outDir`.
 */
export function buildDeb(workDir, outDir, { name, version, depends, maintainer, description, files, settings }) {
  const tree = join(workDir, `tree-${name}-${version}`);
  mkdirSync(join(tree, 'DEBIAN'), { recursive: true });
  mkdirSync(join(tree, 'usr/share', name), { recursive: true });
  // `settings`: one configuration file, /etc/NAME/settings.conf, which dpkg keeps after a remove (the rc state) and a purge deletes.
  if (settings !== undefined) {
    mkdirSync(join(tree, 'etc', name), { recursive: true });
    writeFileSync(join(tree, 'etc', name, 'settings.conf'), settings);
    writeFileSync(join(tree, 'DEBIAN/conffiles'), `/etc/${name}/settings.conf\n`);
  }
  writeFileSync(
    join(tree, 'DEBIAN/control'),
    [
      `Package: ${name}`,
      `Version: ${version}`,
      ...(depends ? [`Depends: ${depends}`] : []),
      'Architecture: all',
      `Maintainer: ${maintainer}`,
      'Section: misc',
      'Priority: optional',
      `Description: ${description[0]}`,
      ` ${description[1]}`,
      '',
    ].join('\n'),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(join(tree, 'usr/share', name, file), text);
  const deb = join(outDir, `${name}_${version}_all.deb`);
  execFileSync('dpkg-deb', ['--build', '--root-owner-group', tree, deb], { stdio: 'ignore' });
  return deb;
}

/** Indexes the .debs in `repo` (every version of each), names it in `sourceFile` and refreshes apt's lists for that source only. */
export function publishRepo(repo, sourceFile) {
  const index = execFileSync('dpkg-scanpackages', ['--multiversion', '.', '/dev/null'], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  writeFileSync(join(repo, 'Packages'), index, { mode: 0o644 });
  for (const name of readdirSync(repo)) chmodSync(join(repo, name), 0o644);
  writeFileSync(sourceFile, `deb [trusted=yes] file:${repo} ./\n`);
  execFileSync(
    'apt-get',
    ['update', '-q', '-o', `Dir::Etc::sourcelist=${sourceFile}`, '-o', 'Dir::Etc::sourceparts=-', '-o', 'APT::Get::List-Cleanup=0'],
    { stdio: 'ignore', env: APT_ENV },
  );
}

/** Takes away the source, apt's lists of it and the files; safe after a half-made repository and twice. */
export function removeRepo({ root, repo }, sourceFile) {
  rmSync(sourceFile, { force: true });
  // apt names a source's lists after its URI with "/" turned into "_".
  const prefix = `${repo.replaceAll('/', '_')}_`;
  if (existsSync(LISTS_DIR))
    for (const name of readdirSync(LISTS_DIR)) if (name.startsWith(prefix)) rmSync(join(LISTS_DIR, name), { force: true });
  rmSync(root, { recursive: true, force: true });
}

/** The benchmark's repository: `remove()` purges the packages too and may be called more than once. */
export class BenchAptRepo {
  /** `names`: the packages, each holding a few text files; version 1.0. */
  constructor(names, { filesPerPackage = 20 } = {}) {
    this.names = names;
    this.folders = makeRepoFolders('loadout-bench-apt-');
    this.sourceFile = `/etc/apt/sources.list.d/${names[0]}-bench.list`;
    this.filesPerPackage = filesPerPackage;
  }

  /** Builds and publishes every package, then refreshes apt's lists for this source only. */
  create() {
    for (const name of this.names) this.build(name);
    publishRepo(this.folders.repo, this.sourceFile);
  }

  build(name) {
    const files = {};
    for (let i = 0; i < this.filesPerPackage; i += 1) files[`file-${i}.txt`] = `${name} ${i}\n`.repeat(50);
    buildDeb(this.folders.root, this.folders.repo, {
      name,
      version: '1.0',
      maintainer: 'Loadout bench <bench@loadout.invalid>',
      description: ['A package Loadout benchmark installs', 'It holds a few text files.'],
      files,
    });
  }

  /** The packages of this repository that dpkg has installed now. */
  installed() {
    return this.names.filter((name) => {
      try {
        return (
          // "hold ok installed" for a held one (a pinned app: BENCH_PINNED).
          ['install ok installed', 'hold ok installed'].includes(
            execFileSync('dpkg-query', ['-W', '-f=${Status}', '--', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
          )
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
    if (present.length === 0) return;
    // A pinned package is held (install-ratio's BENCH_PINNED): dpkg leaves a held package alone.
    execFileSync('apt-mark', ['unhold', '--', ...present], { stdio: 'ignore', env: APT_ENV });
    execFileSync('dpkg', ['--purge', '--', ...present], { stdio: 'ignore', env: APT_ENV });
  }

  remove() {
    try {
      this.purge();
    } catch (error) {
      console.error(`could not purge the bench packages: ${error.message}`);
    }
    removeRepo(this.folders, this.sourceFile);
  }
}
