import { describe, expect, it } from 'vitest';

import { planApply, type StoredEntry } from './apply-plan';
import type { IndexEntry } from './index-entry';

const INDEX = { label: 'apt package', name: 'Debian', field: 'apt_package' as const };

function entry(packageId: string, name = packageId, changes: Partial<IndexEntry> = {}): IndexEntry {
  return {
    field: 'apt_package',
    packageId,
    name,
    homepage: `https://example.org/${packageId}`,
    publisher: '',
    licence: '',
    version: '1.0',
    popularity: 0,
    category: 'Utilities',
    installedSizeKb: 100,
    ...changes,
  };
}

function stored(from: IndexEntry, appId: number | null, gone: string | null = null): StoredEntry {
  return { ...from, package_id: from.packageId, app_id: appId, gone_at: gone };
}

const catalogue = (apps: Record<string, { id: number; name: string }> = {}, names: string[] = []) => ({
  appsByPackage: new Map(Object.entries(apps)),
  namesTaken: new Set(names.map((name) => name.toLowerCase())),
});

describe('how an index changes the catalogue', () => {
  it('links a package a catalogue app already has, and makes the others apps of their own', () => {
    const plan = planApply(
      INDEX,
      [entry('firefox-esr', 'Firefox ESR'), entry('jq')],
      [],
      catalogue({ 'firefox-esr': { id: 7, name: 'Firefox' } }, ['Firefox']),
    );
    expect(plan.linked).toEqual([
      { entry: entry('firefox-esr', 'Firefox ESR'), appId: 7, evidence: "The catalogue's Firefox has the same apt package, firefox-esr." },
    ]);
    expect(plan.created.map((app) => app.name)).toEqual(['jq']);
  });

  it('gives a name another app has the package id after it, and leaves out a package whose both names are taken', () => {
    const plan = planApply(
      INDEX,
      [entry('gimp-x', 'GIMP'), entry('gimp-y', 'GIMP'), entry('other', 'GIMP')],
      [],
      catalogue({}, ['GIMP', 'GIMP (other)']),
    );
    expect(plan.created.map((app) => app.name)).toEqual(['GIMP (gimp-x)', 'GIMP (gimp-y)']);
    expect(plan.skipped.map((skipped) => skipped.packageId)).toEqual(['other']);
  });

  it('changes only what changed, marks what the index dropped gone once, and reads a package twice as once', () => {
    const same = entry('same');
    const newer = entry('newer');
    const dropped = entry('dropped');
    const plan = planApply(
      INDEX,
      [same, { ...newer, version: '2.0' }, same],
      [stored(same, 1), stored(newer, 2), stored(dropped, 3), stored(entry('long-gone'), 4, '2026-01-01T00:00:00.000Z')],
      catalogue(),
    );
    expect(plan.changed.map((change) => change.entry.version)).toEqual(['2.0']);
    expect(plan.gone.map((row) => row.package_id)).toEqual(['dropped']);
    expect(plan.created).toEqual([]);
  });

  it('brings back a package that returns to the index, and never makes again an app an admin deleted', () => {
    const back = entry('back');
    const deleted = entry('deleted');
    const plan = planApply(INDEX, [back, deleted], [stored(back, 5, '2026-01-01T00:00:00.000Z'), stored(deleted, null)], catalogue());
    expect(plan.changed.map((change) => change.entry.packageId)).toEqual(['back']);
    expect(plan.created).toEqual([]);
    // An admin who adds the package to an app of theirs has it linked.
    const relinked = planApply(INDEX, [deleted], [stored(deleted, null)], catalogue({ deleted: { id: 9, name: 'Mine' } }));
    expect(relinked.linked.map((link) => link.appId)).toEqual([9]);
  });
});
