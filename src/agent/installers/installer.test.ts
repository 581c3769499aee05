import { describe, expect, it } from 'vitest';

import { scriptedRun, testDeps } from '../../../tests/fixtures/pm-output/fake-run';
import { AptInstaller } from './apt';
import { BrewInstaller } from './brew';
import { FlatpakInstaller } from './flatpak';
import type { Installer, InstallerDeps, PackageId } from './installer';
import { SnapInstaller } from './snap';
import { WingetInstaller } from './winget';

const signal = new AbortController().signal;

/** Read as an option, a shell word, a glob or a path by some program: no manager's grammar takes them. */
const EVERYWHERE = ['--allow-unauthenticated', '-y', '--force', 'a b', 'x;rm -rf /', '$(id)', '*', '../etc/passwd', '', 'hello\n--yes'];

/** Each manager with the ids its own grammar refuses though another manager's would take them. */
const MANAGERS: Array<{ make: (deps: InstallerDeps) => Installer; ids: PackageId[] }> = [
  {
    make: (deps) => new AptInstaller(deps, { listsDir: '/nonexistent', runtimePath: '/usr/bin/node' }),
    ids: ['hello-', 'hello+', 'canary.+', 'Hello', 'bas*'].map((name) => ({ name })),
  },
  {
    make: (deps) => new BrewInstaller(deps, { brew: '/usr/local/bin/brew', ownerUid: null }),
    ids: [{ name: 'evil/tap/node' }, { name: '-node' }, { name: 'evil/tap/firefox', cask: true }, { name: '--cask', cask: true }],
  },
  { make: (deps) => new FlatpakInstaller(deps), ids: ['org.mozilla', 'firefox', '1org.mozilla.firefox'].map((name) => ({ name })) },
  {
    make: (deps) => new SnapInstaller(deps),
    ids: ['Firefox', 'a--b', '-firefox', '1234', 'org.mozilla.firefox'].map((name) => ({ name })),
  },
  {
    make: (deps) => new WingetInstaller(deps),
    ids: ['Mozilla', '.Mozilla.Firefox', 'Mozilla.Firefox;calc', 'Mozilla..Firefox'].map((name) => ({ name })),
  },
];

describe('every installer holds each id to its grammar before it runs anything', () => {
  for (const { make, ids } of MANAGERS) {
    const name = make(testDeps(scriptedRun(() => ({})).run)).name;

    it(`${name}: install, upgrade, uninstall, queries and batches run nothing for a bad id`, async () => {
      const fake = scriptedRun(() => ({}));
      const installer = make(testDeps(fake.run, true));
      const bad = [...EVERYWHERE.map((each) => ({ name: each })), ...ids];
      for (const id of bad) {
        for (const outcome of [
          await installer.install(id, signal),
          await installer.upgrade(id, signal),
          await installer.uninstall(id, signal, { alsoRemove: [] }),
        ])
          expect(outcome, JSON.stringify(id)).toMatchObject({
            status: 'failed',
            exitCode: null,
            message: 'Not a valid package id: nothing was run',
          });
        expect(await installer.installedVersion(id)).toBeNull();
        expect((await installer.removalPlan(id)).removes).toEqual([]);
      }
      expect(await installer.inventory(bad)).toEqual([]);
      for (const batch of [installer.installMany, installer.upgradeMany]) {
        if (!batch) continue;
        const outcomes = await batch.call(installer, bad, signal);
        expect([...outcomes.values()].map((outcome) => outcome.message)).toEqual(
          [...new Set(bad.map((id) => id.name))].map(() => 'Not a valid package id: nothing was run'),
        );
      }
      expect(fake.commandLines()).toEqual([]);
    });
  }
});
